import type { RevealedKeyCode } from '@market/shared';

/*
 * The state of one delivered key on the account page. A key is hidden until the buyer, told
 * first that it ends the EU right of withdrawal, asks for it; a game account's details are handed
 * over once (`claimAccountInfo`), so once claimed they can never be shown again.
 */

export type RevealState =
  | { step: 'hidden' }
  /** Asked once more before a first reveal or a claim: one stray click must never do it. */
  | { step: 'confirming' }
  | { step: 'loading' }
  | { step: 'shown'; code: RevealedKeyCode; copied: boolean | null }
  | { step: 'claimed' }
  | { step: 'failed' };

export type RevealAction =
  | { type: 'ask' }
  | { type: 'cancel' }
  | { type: 'request' }
  | { type: 'revealed'; code: RevealedKeyCode }
  | { type: 'refused'; status: number; account: boolean }
  | { type: 'copied'; ok: boolean }
  | { type: 'hide' };

/** The first state: a game account claimed before cannot be shown again; anything else hides. */
export function initialReveal(account: boolean, revealedAt: string | null): RevealState {
  return account && revealedAt ? { step: 'claimed' } : { step: 'hidden' };
}

/** The next state; actions that make no sense in the current state change nothing. */
export function revealReducer(state: RevealState, action: RevealAction): RevealState {
  switch (action.type) {
    case 'ask':
      return state.step === 'hidden' || state.step === 'failed' ? { step: 'confirming' } : state;
    case 'cancel':
      return state.step === 'confirming' ? { step: 'hidden' } : state;
    case 'request':
      return ['hidden', 'failed', 'confirming'].includes(state.step) ? { step: 'loading' } : state;
    case 'revealed':
      return state.step === 'loading' ? { step: 'shown', code: action.code, copied: null } : state;
    case 'refused':
      if (state.step !== 'loading') return state;
      // A second claim of an account answers 409: it was handed over already.
      return action.account && action.status === 409 ? { step: 'claimed' } : { step: 'failed' };
    case 'copied':
      return state.step === 'shown' ? { ...state, copied: action.ok } : state;
    case 'hide':
      // Only keys offer Hide: an account's details could not be fetched again.
      return state.step === 'shown' ? { step: 'hidden' } : state;
  }
}
