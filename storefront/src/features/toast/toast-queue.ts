/** Toasts as a queue: pure, so the timing and capping rules are unit-tested. */

export type ToastKind = 'info' | 'error';

export interface Toast {
  id: number;
  message: string;
  /** Errors are announced at once (role=alert), the rest politely (role=status). */
  kind: ToastKind;
  /** How long it stays, in ms. */
  duration: number;
}

/** The spec's default lifetime of a toast (section 9). */
export const TOAST_DURATION_MS = 5000;

/** At most this many at once: a burst of failures must not cover the page. */
export const MAX_TOASTS = 3;

/**
 * The queue with `toast` added at the end. The same message already showing is not repeated
 * (ten failed clicks make one toast); past `MAX_TOASTS` the oldest ones go.
 */
export function pushToast(queue: readonly Toast[], toast: Toast): Toast[] {
  const others = queue.filter((t) => !(t.message === toast.message && t.kind === toast.kind));
  return [...others, toast].slice(-MAX_TOASTS);
}

/** The queue without the toast `id`. */
export function removeToast(queue: readonly Toast[], id: number): Toast[] {
  return queue.filter((t) => t.id !== id);
}
