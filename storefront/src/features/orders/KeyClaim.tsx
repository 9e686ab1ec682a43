import { CLAIM_REASONS, type Claim, type ClaimReason, type OrderKey } from '@market/shared';
import { useId, useState } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { escalateClaim, reportKey } from './orders-api.ts';

export interface KeyClaimProps {
  orderId: string;
  orderKey: OrderKey;
  /** When the buyer revealed the key (now or before); only a revealed key can be reported. */
  revealedAt: string | null;
  /** The key's latest claim, if any. */
  claim: Claim | undefined;
  onClaim: (claim: Claim) => void;
  names: { n: number; name: string };
  formatDate: (iso: string) => string;
  idToken: () => Promise<string>;
  t: Messages['account']['orders'];
}

type Step = 'idle' | 'form' | 'sending' | 'failed' | 'refused';

/**
 * A delivered key's claim: its status once reported (with "ask the marketplace" while the seller
 * has not answered), else, for a key the buyer revealed, "Report a problem" opening a short form
 * (why, and in their words). The seller replaces or refunds it; the buyer is told by mail. A key
 * is reported once, whatever the outcome.
 */
export default function KeyClaim(props: KeyClaimProps) {
  const { orderId, orderKey, revealedAt, claim, onClaim, names, formatDate, idToken, t } = props;
  const id = useId();
  const [step, setStep] = useState<Step>('idle');
  const [reason, setReason] = useState<ClaimReason>('not_working');
  const [details, setDetails] = useState('');

  const send = async (call: (token: string) => Promise<Claim>) => {
    setStep('sending');
    try {
      onClaim(await call(await idToken()));
      setStep('idle');
    } catch (error) {
      setStep(error instanceof ApiCallError && error.status === 409 ? 'refused' : 'failed');
    }
  };

  // A key is reported once: a rejected report stays shown (only the marketplace reopens it).
  if (claim) {
    return (
      <div className="key-claim">
        <p className={`claim-status ${claim.status}`} role="status">
          {t.claims.statuses[claim.status]}
        </p>
        {claim.status === 'open' && (
          <p className="hint">
            {interpolate(t.claims.answerBy, { date: formatDate(claim.respondBy) })}
          </p>
        )}
        {claim.status === 'open' && (
          <button
            type="button"
            className="secondary"
            disabled={step === 'sending'}
            onClick={() => void send((token) => escalateClaim(claim.id, token))}
          >
            {t.claims.escalate}
          </button>
        )}
        {step === 'failed' && <p className="hint error">{t.claims.failed}</p>}
      </div>
    );
  }
  if (orderKey.status !== 'sold' || !revealedAt) return null;

  const problem = step === 'refused' && (
    <p role="alert" className="hint error">
      {t.claims.refused}
    </p>
  );
  if (step === 'idle' || step === 'refused') {
    return (
      <div className="key-claim">
        {claim && <p className="hint">{t.claims.statuses.rejected}</p>}
        <button
          type="button"
          className="secondary"
          aria-label={interpolate(t.claims.reportLabel, names)}
          onClick={() => setStep('form')}
        >
          {t.claims.report}
        </button>
        {problem}
      </div>
    );
  }
  return (
    <form
      className="key-claim"
      aria-label={interpolate(t.claims.reportLabel, names)}
      onSubmit={(event) => {
        event.preventDefault();
        void send((token) => reportKey(orderId, orderKey.id, { reason, details }, token));
      }}
    >
      <label htmlFor={`${id}-reason`}>{t.claims.reason}</label>
      <select
        id={`${id}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value as ClaimReason)}
      >
        {CLAIM_REASONS.map((r) => (
          <option key={r} value={r}>
            {t.claims.reasons[r]}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-details`}>{t.claims.details}</label>
      <textarea
        id={`${id}-details`}
        maxLength={500}
        rows={3}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
      />
      <p className="hint">{t.claims.notice}</p>
      <div className="key-actions">
        <button type="submit" disabled={step === 'sending'}>
          {t.claims.send}
        </button>
        <button type="button" className="secondary" onClick={() => setStep('idle')}>
          {t.cancel}
        </button>
      </div>
      {step === 'failed' && (
        <p role="alert" className="hint error">
          {t.claims.failed}
        </p>
      )}
    </form>
  );
}
