/*
 * How the payment sandboxes decide a dispute once the seller's evidence is in: the stand-in for
 * the provider's (or the card issuer's) reviewer. Deterministic and documented in the sandboxes'
 * README, so a test or a demo knows the outcome from what it sent.
 *
 * The reviewer reads the evidence's text (PayPal: each evidence's `notes`; Checkout.com: the
 * `*_text` fields) for three labelled lines, each with an ISO 8601 timestamp:
 *
 *   Delivered at: <when the goods were handed over>
 *   Key revealed at: <when the buyer first saw the code>
 *   Withdrawal waiver accepted at: <when the buyer waived the EU right of withdrawal>
 *
 * Won when all three are there, none is later than the dispute's opening (to the second) and the reveal is not
 * before the delivery; lost otherwise. A reason the shop's evidence cannot answer (a duplicate
 * charge: proof of delivery says nothing about a second charge) always loses.
 */

/** Reasons that lose whatever the evidence says. */
export const ALWAYS_LOSING_REASONS = {
  paypal: ['DUPLICATE_TRANSACTION'],
  checkout: ['duplicate'],
} as const;

const LINES = {
  deliveredAt: /^\s*Delivered at:\s*(\S+)/im,
  revealedAt: /^\s*Key revealed at:\s*(\S+)/im,
  waivedAt: /^\s*Withdrawal waiver accepted at:\s*(\S+)/im,
} as const;

export type DisputeDecision = { won: boolean; why: string };

/** The reviewer's decision on `texts` (every piece of text evidence) for a dispute opened at `openedAt`. */
export function decideDispute(input: {
  provider: keyof typeof ALWAYS_LOSING_REASONS;
  reason: string;
  openedAt: string;
  texts: string[];
}): DisputeDecision {
  const losing: readonly string[] = ALWAYS_LOSING_REASONS[input.provider];
  if (losing.includes(input.reason)) {
    return { won: false, why: `Reason ${input.reason} is not answered by proof of delivery` };
  }
  const all = input.texts.join('\n');
  // PayPal's times are whole seconds: a fact of the dispute's own second is not after it.
  const opened = Math.floor(Date.parse(input.openedAt) / 1000);
  const read = (name: keyof typeof LINES) => {
    const raw = LINES[name].exec(all)?.[1];
    const at = raw ? Date.parse(raw) : NaN;
    return Number.isNaN(at) || Math.floor(at / 1000) > opened ? null : at;
  };
  const delivered = read('deliveredAt');
  const revealed = read('revealedAt');
  const waived = read('waivedAt');
  if (delivered === null) return { won: false, why: 'No proof of delivery before the dispute' };
  if (revealed === null || revealed < delivered) {
    return { won: false, why: 'No proof the buyer revealed the key after delivery' };
  }
  if (waived === null) return { won: false, why: 'No withdrawal waiver before the dispute' };
  return {
    won: true,
    why: 'Delivered, revealed by the buyer and the right of withdrawal waived before the dispute',
  };
}
