import { describe, expect, it } from 'vitest';
import {
  initialReveal,
  revealReducer,
  type RevealAction,
  type RevealState,
} from './reveal-state.ts';

const run = (state: RevealState, ...actions: RevealAction[]) =>
  actions.reduce(revealReducer, state);

describe('initialReveal', () => {
  it('hides every key, revealed before or not', () => {
    expect(initialReveal(false, null)).toEqual({ step: 'hidden' });
    expect(initialReveal(false, '2025-01-01T00:00:00.000Z')).toEqual({ step: 'hidden' });
  });

  it('marks a game account claimed before as claimed for good', () => {
    expect(initialReveal(true, null)).toEqual({ step: 'hidden' });
    expect(initialReveal(true, '2025-01-01T00:00:00.000Z')).toEqual({ step: 'claimed' });
  });
});

describe('revealReducer', () => {
  it('shows the code after the request, then records the copy', () => {
    const shown = run(
      { step: 'hidden' },
      { type: 'request' },
      { type: 'revealed', code: { kind: 'text', code: 'AB' } },
    );
    expect(shown).toEqual({ step: 'shown', code: { kind: 'text', code: 'AB' }, copied: null });
    expect(revealReducer(shown, { type: 'copied', ok: true })).toEqual({
      step: 'shown',
      code: { kind: 'text', code: 'AB' },
      copied: true,
    });
    expect(revealReducer(shown, { type: 'copied', ok: false })).toMatchObject({ copied: false });
  });

  it('hides a shown key again, forgetting its code', () => {
    const shown: RevealState = { step: 'shown', code: { kind: 'text', code: 'AB' }, copied: true };
    expect(revealReducer(shown, { type: 'hide' })).toEqual({ step: 'hidden' });
  });

  it('lets a failed reveal be tried again', () => {
    const failed = run(
      { step: 'hidden' },
      { type: 'request' },
      { type: 'refused', status: 500, account: false },
    );
    expect(failed).toEqual({ step: 'failed' });
    expect(revealReducer(failed, { type: 'request' })).toEqual({ step: 'loading' });
  });

  it('takes a 409 on an account as "claimed already", never as a retryable failure', () => {
    const refused = run(
      { step: 'hidden' },
      { type: 'request' },
      { type: 'refused', status: 409, account: true },
    );
    expect(refused).toEqual({ step: 'claimed' });
    expect(revealReducer(refused, { type: 'request' })).toEqual({ step: 'claimed' });
  });

  it('reads a 409 on a key (order not approved) as a failure', () => {
    const refused = run(
      { step: 'hidden' },
      { type: 'request' },
      { type: 'refused', status: 409, account: false },
    );
    expect(refused).toEqual({ step: 'failed' });
  });

  it('ignores a second click while the call runs and late answers out of turn', () => {
    const loading: RevealState = { step: 'loading' };
    expect(revealReducer(loading, { type: 'request' })).toBe(loading);
    const hidden: RevealState = { step: 'hidden' };
    expect(revealReducer(hidden, { type: 'revealed', code: { kind: 'text', code: 'AB' } })).toBe(
      hidden,
    );
    expect(revealReducer(hidden, { type: 'copied', ok: true })).toBe(hidden);
    expect(revealReducer(hidden, { type: 'refused', status: 500, account: false })).toBe(hidden);
  });

  it('asks once more before revealing, and a cancel hides the key again', () => {
    const confirming = run({ step: 'hidden' }, { type: 'ask' });
    expect(confirming).toEqual({ step: 'confirming' });
    expect(run(confirming, { type: 'cancel' })).toEqual({ step: 'hidden' });
    expect(run(confirming, { type: 'request' })).toEqual({ step: 'loading' });
    expect(run({ step: 'claimed' }, { type: 'ask' })).toEqual({ step: 'claimed' });
  });
});
