import { describe, expect, it } from 'vitest';
import { MAX_TOASTS, pushToast, removeToast, type Toast } from './toast-queue.ts';

const toast = (id: number, message = `message ${id}`, kind: Toast['kind'] = 'error'): Toast => ({
  id,
  message,
  kind,
  duration: 5000,
});

describe('pushToast', () => {
  it('adds toasts in order, newest last', () => {
    expect(pushToast(pushToast([], toast(1)), toast(2)).map((t) => t.id)).toEqual([1, 2]);
  });

  it('shows a repeated message once, as the newest', () => {
    const queue = [toast(1, 'Failed'), toast(2, 'Other')];
    expect(pushToast(queue, toast(3, 'Failed')).map((t) => t.id)).toEqual([2, 3]);
  });

  it('keeps the same text of another kind apart', () => {
    expect(pushToast([toast(1, 'Saved', 'info')], toast(2, 'Saved', 'error'))).toHaveLength(2);
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    let queue: Toast[] = [];
    for (let id = 1; id <= MAX_TOASTS + 2; id++) queue = pushToast(queue, toast(id));
    expect(queue.map((t) => t.id)).toEqual([3, 4, 5]);
  });
});

describe('removeToast', () => {
  it('removes only the given toast, and nothing when it is gone already', () => {
    const queue = [toast(1), toast(2)];
    expect(removeToast(queue, 1).map((t) => t.id)).toEqual([2]);
    expect(removeToast(queue, 9)).toEqual(queue);
  });
});
