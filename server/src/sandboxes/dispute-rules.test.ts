import { describe, expect, it } from 'vitest';
import { decideDispute } from './dispute-rules.ts';

/** The sandboxes' documented rule, case by case (README "Disputes"). */
describe('how the sandboxes decide a dispute', () => {
  const openedAt = '2026-11-20T10:00:00Z';
  const lines = (delivered: string, revealed: string | null, waived: string | null) =>
    [
      `Delivered at: ${delivered}`,
      ...(revealed ? [`Key revealed at: ${revealed}`] : []),
      'Order 100001 placed …',
      ...(waived ? [`Withdrawal waiver accepted at: ${waived}`] : []),
    ].join('\n');
  const decide = (texts: string[], reason = 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED') =>
    decideDispute({ provider: 'paypal', reason, openedAt, texts });

  it('wins on delivery, a later reveal and the waiver, from any of the texts', () => {
    expect(
      decide([
        lines('2026-11-19T09:00:00.120Z', '2026-11-19T09:05:00.000Z', null),
        'Withdrawal waiver accepted at: 2026-11-19T09:05:00.000Z',
      ]).won,
    ).toBe(true);
  });

  it('counts a fact of the dispute’s own second as before it (PayPal’s whole seconds)', () => {
    const at = '2026-11-20T10:00:00.900Z';
    expect(decide([lines(at, at, at)]).won).toBe(true);
    const later = '2026-11-20T10:00:01.000Z';
    expect(decide([lines(at, later, later)])).toMatchObject({ won: false });
  });

  it('loses without a reveal, with a reveal before the delivery, or without the waiver', () => {
    const d = '2026-11-19T09:00:00Z';
    expect(decide([lines(d, null, d)]).won).toBe(false);
    expect(decide([lines(d, '2026-11-19T08:00:00Z', d)]).won).toBe(false);
    expect(decide([lines(d, d, null)]).why).toMatch(/waiver/);
    expect(decide(['Delivered at: yesterday']).why).toMatch(/delivery/);
  });

  it('always loses a reason proof of delivery does not answer', () => {
    const d = '2026-11-19T09:00:00Z';
    expect(decide([lines(d, d, d)], 'DUPLICATE_TRANSACTION').won).toBe(false);
    expect(
      decideDispute({
        provider: 'checkout',
        reason: 'duplicate',
        openedAt,
        texts: [lines(d, d, d)],
      }).won,
    ).toBe(false);
    expect(
      decideDispute({
        provider: 'checkout',
        reason: 'fraudulent',
        openedAt,
        texts: [lines(d, d, d)],
      }).won,
    ).toBe(true);
  });
});
