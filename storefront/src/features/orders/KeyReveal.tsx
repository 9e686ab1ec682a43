import type { OrderKey } from '@market/shared';
import { useReducer, useState, type ReactNode } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { claimAccount, revealKey } from './orders-api.ts';
import { keyRefund } from './orders.ts';
import { initialReveal, revealReducer } from './reveal-state.ts';
import ShownKeyCode from './ShownKeyCode.tsx';

export interface KeyRevealProps {
  orderId: string;
  orderKey: OrderKey;
  /** 1-based position among the line's keys, for labels. */
  n: number;
  itemName: string;
  /** A game account: its details are claimed once instead of revealed. */
  account: boolean;
  idToken: () => Promise<string>;
  formatDate: (iso: string) => string;
  t: Messages['account']['orders'];
  /** The key's claim part (`KeyClaim`), given when the key was revealed (now or before). */
  footer?: (revealedAt: string | null) => ReactNode;
  /** A claim replaced this key: it is revoked for that reason, not by a refund. */
  replaced?: boolean;
}

/**
 * One delivered key: hidden behind Reveal key, with the right-of-withdrawal notice shown BEFORE
 * the click; then the code and a Copy button (an image code: the picture and a Download link). A
 * game account shows its details once.
 */
export default function KeyReveal(props: KeyRevealProps) {
  const { orderId, orderKey, n, itemName, account, idToken, formatDate, t, footer } = props;
  const [state, dispatch] = useReducer(revealReducer, initialReveal(account, orderKey.revealedAt));
  // The first reveal's date, once known (the notice then says when instead of warning again).
  const [revealedAt, setRevealedAt] = useState(orderKey.revealedAt);
  const label = interpolate(account ? t.account : t.key, { n });
  const names = { n, name: itemName };
  const refund = keyRefund(orderKey);

  const reveal = async () => {
    dispatch({ type: 'request' });
    try {
      const token = await idToken();
      const revealed = account
        ? await claimAccount(orderId, orderKey.id, token)
        : await revealKey(orderId, orderKey.id, token);
      setRevealedAt(revealed.revealedAt);
      dispatch({ type: 'revealed', code: revealed });
    } catch (error) {
      const status = error instanceof ApiCallError ? error.status : 0;
      dispatch({ type: 'refused', status, account });
    }
  };

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      dispatch({ type: 'copied', ok: true });
    } catch {
      dispatch({ type: 'copied', ok: false });
    }
  };

  if (refund) {
    return (
      <li className="key">
        <span className="key-label">{label}</span>
        <span className={`key-status ${refund}`}>
          {props.replaced ? t.claims.statuses.replaced : t.keyStatuses[refund]}
        </span>
      </li>
    );
  }

  if (state.step === 'shown') {
    return (
      <li className="key">
        <span className="key-label">{label}</span>
        <ShownKeyCode code={state.code} names={names} onCopy={(text) => void copy(text)} t={t}>
          {!account && (
            <button
              type="button"
              className="secondary"
              aria-label={interpolate(t.hideLabel, names)}
              onClick={() => dispatch({ type: 'hide' })}
            >
              {t.hide}
            </button>
          )}
        </ShownKeyCode>
        {state.copied !== null && (
          <p role="status" className={state.copied ? 'hint' : 'hint error'}>
            {state.copied ? t.copied : t.copyFailed}
          </p>
        )}
        {footer?.(revealedAt)}
      </li>
    );
  }

  if (state.step === 'claimed') {
    return (
      <li className="key">
        <span className="key-label">{label}</span>
        <p className="hint">
          {revealedAt
            ? interpolate(t.claimedOn, { date: formatDate(revealedAt) })
            : t.claimedAlready}
        </p>
      </li>
    );
  }

  const busy = state.step === 'loading';
  // The one-time actions (a first reveal, a claim) take a second, explicit click.
  const oneTime = account || !revealedAt;
  // The notice stands next to the button, read before the click (a re-reveal was waived already).
  const notice = account
    ? t.claimNotice
    : revealedAt
      ? interpolate(t.revealedOn, { date: formatDate(revealedAt) })
      : t.revealNotice;
  return (
    <li className="key">
      <span className="key-label">{label}</span>
      <p className="notice">{notice}</p>
      <div className="key-actions">
        {state.step === 'confirming' ? (
          <>
            <button
              type="button"
              aria-label={interpolate(account ? t.confirmClaimLabel : t.confirmRevealLabel, names)}
              onClick={() => void reveal()}
            >
              {account ? t.confirmClaim : t.confirmReveal}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => dispatch({ type: 'cancel' })}
            >
              {t.cancel}
            </button>
          </>
        ) : (
          <button
            type="button"
            disabled={busy}
            aria-label={interpolate(account ? t.claimLabel : t.revealLabel, names)}
            onClick={() => (oneTime ? dispatch({ type: 'ask' }) : void reveal())}
          >
            {busy ? t.revealing : account ? t.claim : t.reveal}
          </button>
        )}
      </div>
      {state.step === 'failed' && (
        <p role="alert" className="hint error">
          {account ? t.claimFailed : t.revealFailed}
        </p>
      )}
      {footer?.(revealedAt)}
    </li>
  );
}
