import type { ObjectId } from 'mongodb';
import type { DisputeEvidence } from '@market/shared';
import type { DisputeEvidenceText } from '../../integrations/payments/disputes.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import type { UserFacade } from '../users/users.facade.ts';

/** A mail as the evidence lists it (the outbox's row, bodies left out). */
export type SentMail = {
  subject: string;
  kind: string;
  key?: string;
  delivery: string;
  createdAt: Date;
};

/** The order's invoice as a PDF (the invoices module's `pdfOfOrder`). */
export type InvoicePdf = { number: string; filename: string; pdf: Uint8Array };

export type EvidenceSources = {
  users: Pick<UserFacade, 'findById'>;
  keys: Pick<KeyFacade, 'ofOrder'>;
  /** The mails sent to `to` since `since` (the outbox). */
  mailsTo(to: string, since: Date): Promise<SentMail[]>;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const earliest = (dates: Array<Date | undefined>) =>
  dates.filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;

/** The shop keeps no address per sign-in: what the evidence says instead. */
const SIGN_IN_NOTE =
  'The shop keeps no address per sign-in (sessions are the identity provider’s); the address the order was placed from stands for it.';

/**
 * Everything the shop can show about a disputed order, each fact with its time: the order and
 * the address it came from, the buyer's account (age, email verification, last sign-in), the
 * delivery and each key's first reveal with the withdrawal waiver given with it (Directive
 * 2011/83/EU art. 16(m): digital content whose supply began with the consumer's express consent
 * and acknowledgement has no right of withdrawal), and the mails sent about the order.
 */
export async function assembleEvidence(
  order: OrderDoc,
  sources: EvidenceSources,
  invoice: InvoicePdf | null,
): Promise<DisputeEvidence> {
  const [user, keys, mails] = await Promise.all([
    sources.users.findById(order.userId),
    sources.keys.ofOrder(order._id),
    order.email ? sources.mailsTo(order.email, order.createdAt) : Promise.resolve([]),
  ]);
  const id = order._id.toHexString();
  // The order's own mails carry its id in their key (`order-delivered:<order>` …); others name
  // its number (a refund's).
  const aboutOrder = mails.filter((m) => m.key?.includes(id) || m.subject.includes(order.number));
  const facts = {
    order: {
      id,
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      totalCents: order.totals.total,
      currency: order.currency,
      ip: order.ip,
      ...(order.tax && {
        countries: {
          billing: order.tax.evidence.billing,
          payment: order.tax.evidence.payment,
          address: order.tax.evidence.address,
        },
      }),
      lines: order.items.map((i) => ({ name: i.name, quantity: i.quantity })),
    },
    account: {
      email: order.email,
      createdAt: iso(user?.createdAt),
      emailVerified: user ? user.emailVerified : null,
      lastSignInAt: iso(user?.lastSignInAt),
      signInAddresses: order.ip ? [order.ip] : [],
      signInNote: SIGN_IN_NOTE,
    },
    delivery: {
      deliveredAt: iso(order.deliveredAt),
      keys: keys.map((k) => ({
        id: k._id.toHexString(),
        revealedAt: iso(k.revealedAt),
        withdrawalWaivedAt: iso(k.withdrawalWaivedAt),
      })),
    },
    mails: aboutOrder.map((m) => ({
      subject: m.subject,
      kind: m.kind,
      at: m.createdAt.toISOString(),
      delivery: m.delivery,
    })),
  };
  const files = invoice
    ? [{ kind: 'invoice' as const, number: invoice.number, filename: invoice.filename }]
    : [];
  return { ...facts, files, sent: evidenceText(facts, keys) };
}

/** The sections as the providers read them: labelled lines first (the sandboxes' rules read them). */
function evidenceText(
  facts: Omit<DisputeEvidence, 'sent' | 'files'>,
  keys: Array<{ _id: ObjectId; revealedAt?: Date; withdrawalWaivedAt?: Date }>,
): DisputeEvidence['sent'] {
  const revealed = earliest(keys.map((k) => k.revealedAt));
  const waived = earliest(keys.map((k) => k.withdrawalWaivedAt));
  const { order, account, delivery } = facts;
  const total = `${(order.totalCents / 100).toFixed(2)} ${order.currency.toUpperCase()}`;
  return {
    delivery: [
      ...(delivery.deliveredAt ? [`Delivered at: ${delivery.deliveredAt}`] : []),
      ...(revealed ? [`Key revealed at: ${revealed.toISOString()}`] : []),
      `Order ${order.number} placed ${order.placedAt} for ${total}: ${order.lines
        .map((l) => `${l.quantity} x ${l.name}`)
        .join('; ')}.`,
      'Digital goods: each code is shown in the buyer’s account, behind a reveal the buyer clicks.',
      ...delivery.keys.map(
        (k) => `Key ${k.id}: ${k.revealedAt ? `revealed ${k.revealedAt}` : 'never revealed'}`,
      ),
    ].join('\n'),
    withdrawal: [
      ...(waived ? [`Withdrawal waiver accepted at: ${waived.toISOString()}`] : []),
      waived
        ? 'Before the first reveal the buyer expressly agreed that seeing the code ends the EU right of withdrawal (Directive 2011/83/EU art. 16(m)).'
        : 'The buyer has not revealed a code: the right of withdrawal stands.',
    ].join('\n'),
    account: [
      `Buyer account created at: ${account.createdAt ?? 'unknown (account erased)'}`,
      `Email verified: ${account.emailVerified === null ? 'unknown' : account.emailVerified ? 'yes' : 'no'}`,
      `Last sign-in at: ${account.lastSignInAt ?? 'unknown'}`,
      `Order placed from address: ${order.ip ?? 'not recorded'}`,
      ...(order.countries ? [countriesLine(order.countries)] : []),
      account.signInNote,
    ].join('\n'),
    communication: [
      `Mails sent to the buyer about order ${order.number}:`,
      ...facts.mails.map((m) => `${m.at} ${m.subject} (${m.kind}, ${m.delivery})`),
    ].join('\n'),
  };
}

/**
 * What a provider client sends: the sections, and the invoice's PDF when the stored evidence
 * lists it (a retry sends what was stored: evidence stored without the file stays without it,
 * even if the order got an invoice since).
 */
export function toProviderText(
  evidence: DisputeEvidence,
  invoice: InvoicePdf | null,
): DisputeEvidenceText {
  const listed = evidence.files?.some((f) => f.kind === 'invoice' && f.number === invoice?.number);
  return {
    ...evidence.sent,
    deliveredAt: evidence.delivery.deliveredAt ? new Date(evidence.delivery.deliveredAt) : null,
    ...(listed && invoice ? { invoice } : {}),
  };
}

/** Whether the stored evidence lists the invoice (so its PDF is rendered again to send it). */
export const listsInvoice = (evidence: DisputeEvidence) =>
  !!evidence.files?.some((f) => f.kind === 'invoice');

/** The three countries as one line: they agree on a buyer who paid where they live. */
const countriesLine = (c: NonNullable<DisputeEvidence['order']['countries']>) =>
  `Billing country stated: ${c.billing}; payment instrument from: ${c.payment ?? 'not reported'}; client address in: ${c.address ?? 'not reported'}`;
