import { atom } from 'nanostores';
import {
  TOAST_DURATION_MS,
  pushToast,
  removeToast,
  type Toast,
  type ToastKind,
} from './toast-queue.ts';

/** The toasts on screen, oldest first. */
export const $toasts = atom<Toast[]>([]);

let nextId = 1;
let rendering = false;

/** Removes a toast (its timer or its close button). */
export function dismissToast(id: number): void {
  $toasts.set(removeToast($toasts.get(), id));
}

/** Shows a toast top right for `duration` ms (5000 by default); errors are announced at once. */
export function showToast(
  message: string,
  { kind = 'info', duration = TOAST_DURATION_MS }: { kind?: ToastKind; duration?: number } = {},
): void {
  const toast: Toast = { id: nextId++, message, kind, duration };
  $toasts.set(pushToast($toasts.get(), toast));
  setTimeout(() => dismissToast(toast.id), duration);
  if (!rendering) {
    rendering = true;
    $toasts.subscribe(render);
  }
}

/** Mirrors `$toasts` into the layout's `#toasts` region (see Toaster.astro). */
function render(toasts: readonly Toast[]): void {
  const region = document.getElementById('toasts');
  if (!region) return;
  const shown = new Map<number, Element>();
  for (const el of region.children) shown.set(Number((el as HTMLElement).dataset.id), el);
  for (const [id, el] of shown) if (!toasts.some((t) => t.id === id)) el.remove();
  for (const toast of toasts) {
    if (!shown.has(toast.id)) region.append(toastElement(toast, region.dataset.dismiss ?? '×'));
  }
}

function toastElement(toast: Toast, dismissLabel: string): HTMLElement {
  const el = document.createElement('div');
  el.className = `toast ${toast.kind}`;
  el.dataset.id = String(toast.id);
  el.setAttribute('role', toast.kind === 'error' ? 'alert' : 'status');
  const text = document.createElement('p');
  text.textContent = toast.message;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', dismissLabel);
  close.addEventListener('click', () => dismissToast(toast.id));
  el.append(text, close);
  return el;
}
