import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server HTML and while React hydrates it, true after. Controls stay disabled until
 * then, so nothing typed or clicked lands in markup React has not taken over yet.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
