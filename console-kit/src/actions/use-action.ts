import { useState } from 'react';

export interface UseActionOptions<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

export interface UseActionResult<A extends unknown[]> {
  /** Starts the action; the outcome goes to `onSuccess` / `onError`. */
  run: (...args: A) => void;
  /** True while an action started by `run` is under way (to disable its button). */
  isPending: boolean;
}

/**
 * Runs a custom data provider method from a button (block a user, approve a seller): the shape of
 * react-query's `useMutation` that react-admin's docs use, without the extra dependency.
 */
export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  { onSuccess, onError }: UseActionOptions<R> = {},
): UseActionResult<A> {
  const [isPending, setPending] = useState(false);
  const run = (...args: A) => {
    setPending(true);
    action(...args)
      .then(
        (result) => onSuccess?.(result),
        (error: unknown) => onError?.(error),
      )
      .finally(() => setPending(false));
  };
  return { run, isPending };
}
