import { describe, expect, it } from 'vitest';
import { endOfDay, startOfDay } from './order-filters.tsx';

describe('order date filters', () => {
  it('send the whole chosen days, from the first to the last instant here', () => {
    const from = new Date(startOfDay('2026-03-02')!);
    const to = new Date(endOfDay('2026-03-02')!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([
      2026, 2, 2, 0,
    ]);
    expect(to.getTime() - from.getTime()).toBe(24 * 60 * 60 * 1000 - 1);
    expect(startOfDay('2026-03-02')).toMatch(/Z$/);
  });

  it('send nothing for an emptied date', () => {
    expect(startOfDay('')).toBeNull();
    expect(endOfDay('')).toBeNull();
  });
});
