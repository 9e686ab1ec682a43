import { ObjectId } from 'mongodb';
import type { DisputeStatus, PaymentProvider } from '@market/shared';
import type { ProviderDispute } from '../../integrations/payments/disputes.ts';
import {
  PaymentError,
  type PaymentEvent,
  type PaymentProviders,
} from '../../integrations/payments/payment-provider.ts';
import type { Logger } from '../../logger.ts';
import { SYSTEM_AUDIT_CONTEXT, type AuditLog } from '../audit/audit.service.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import {
  assembleEvidence,
  listsInvoice,
  toProviderText,
  type EvidenceSources,
  type InvoicePdf,
} from './dispute-evidence.ts';
import type { DisputeDoc, DisputeRepository } from './disputes.repository.ts';

/** How long one instance holds a dispute's work (a provider call, a few writes). */
const LEASE_MS = 60_000;
/** Waits between tries of a dispute's work: 1 min, 5 min, 15 min, then hourly. */
const RETRY_MINUTES = [1, 5, 15, 60];
/** A won dispute whose order shows no chargeback yet: the chargeback's event may still come. */
const CHARGEBACK_WAIT_MS = 24 * 3_600_000;
const BATCH = 50;

const STATUS: Record<ProviderDispute['status'], DisputeStatus | null> = {
  needs_response: null,
  under_review: 'submitted',
  won: 'won',
  lost: 'lost',
  other: null,
};

/** A failure worth trying again later (the provider, or a chargeback still being settled). */
class NotYet extends Error {}

/**
 * Payment disputes: the provider's dispute events (`CUSTOMER.DISPUTE.*`, `dispute_*`) are
 * recorded (once per dispute, each event id once), the evidence is assembled from what the shop
 * keeps (`dispute-evidence.ts`), stored, and sent through the provider's dispute-evidence API; a
 * dispute the provider decides for the shop gives the sellers back what its chargeback debited
 * (`ledger.restoreChargeback`, idempotent by the ledger's unique entry per line and type); a lost
 * one leaves the chargeback as it is.
 *
 * Several instances: each dispute's work is taken by a conditional update (`claim`, a lease of a
 * minute); what is left (a provider that did not answer, a chargeback not settled yet) is retried
 * by the `disputes` job with backoff until the provider's due date.
 */
export function createDisputeService(deps: {
  repo: DisputeRepository;
  payments: PaymentProviders;
  orders: Pick<OrderFacade, 'findById'>;
  ledger: Pick<LedgerFacade, 'restoreChargeback'>;
  evidence: EvidenceSources;
  /** The order's invoice PDF (the invoices module), sent as a file with the evidence. */
  invoices: { pdfOfOrder(orderId: ObjectId): Promise<InvoicePdf | null> };
  auditLog: AuditLog;
  log: Logger;
  clock?: () => Date;
}) {
  const { repo, payments, orders, log } = deps;
  const now = deps.clock ?? (() => new Date());

  const orderOf = (orderId: ObjectId | null) =>
    orderId ? orders.findById(orderId) : Promise.resolve(null);

  /** Reads the dispute at the provider and writes what it says; decides the shop's status. */
  async function refresh(provider: PaymentProvider, disputeId: string, eventId: string | null) {
    const d = await payments[provider].getDispute(disputeId);
    const orderId = d.orderId && ObjectId.isValid(d.orderId) ? new ObjectId(d.orderId) : null;
    const order = await orderOf(orderId);
    let doc = await repo.record(
      {
        provider,
        disputeId,
        orderId: order?._id ?? null,
        orderNumber: order?.number ?? null,
        reason: d.reason,
        amountCents: d.amountCents,
        currency: d.currency,
        dueAt: d.dueAt,
        providerStatus: d.providerStatus,
        outcome: d.outcome,
      },
      eventId,
      now(),
    );
    const status = STATUS[d.status];
    if (status && status !== doc.status) {
      const moved = await repo.setStatus(doc._id, status, now());
      if (moved) {
        doc = moved;
        if (status === 'won' || status === 'lost') {
          await deps.auditLog.record(SYSTEM_AUDIT_CONTEXT, {
            action: 'dispute.decided',
            target: { type: 'order', id: doc.orderId?.toHexString() ?? doc._id },
            reason: `${provider} dispute ${disputeId} ${status}`,
            details: { dispute: doc._id, outcome: d.outcome },
          });
        }
      }
    }
    return doc;
  }

  /** Assembles (once), stores, then sends the evidence; a dispute past taking it is re-read. */
  async function submit(doc: DisputeDoc) {
    const order = await orderOf(doc.orderId);
    if (!order) throw new Error('The disputed order is not one of ours');
    // The invoice is rendered from its immutable document: a retry sends the same bytes.
    const invoice =
      !doc.evidence || listsInvoice(doc.evidence)
        ? await deps.invoices.pdfOfOrder(order._id)
        : null;
    const evidence = doc.evidence ?? (await assembleEvidence(order, deps.evidence, invoice));
    if (!doc.evidence) await repo.saveEvidence(doc._id, evidence, now());
    try {
      await payments[doc.provider].submitDisputeEvidence(
        doc.disputeId,
        toProviderText(evidence, invoice),
      );
    } catch (err) {
      if (!(err instanceof PaymentError && err.providerCode === 'NOT_ELIGIBLE')) throw err;
      // Sent before (an answer lost on the way), or decided meanwhile: the provider knows.
      const current = await refresh(doc.provider, doc.disputeId, null);
      if (current.status === 'open') throw err;
    }
    await repo.evidenceSent(doc._id, now());
    await deps.auditLog.record(SYSTEM_AUDIT_CONTEXT, {
      action: 'dispute.evidence',
      target: { type: 'order', id: order._id.toHexString() },
      reason: `Evidence sent to ${doc.provider} for dispute ${doc.disputeId}`,
      details: { dispute: doc._id, reason: doc.reason },
    });
  }

  /** A won dispute: the sellers get back what the order's chargeback debited, once. */
  async function restore(doc: DisputeDoc) {
    const order = await orderOf(doc.orderId);
    if (!order) return repo.done(doc._id, { ledgerRestoredAt: now() }, now());
    if (order.status === 'charged_back' && !order.chargeback?.settledAt) {
      throw new NotYet('The chargeback is not settled yet');
    }
    if (order.status !== 'charged_back') {
      // The chargeback's own event may still be on its way (providers send in any order).
      if (now().getTime() - doc.createdAt.getTime() < CHARGEBACK_WAIT_MS) {
        throw new NotYet('No chargeback recorded on the order yet');
      }
      return repo.done(doc._id, { ledgerRestoredAt: now() }, now());
    }
    const lines = await deps.ledger.restoreChargeback(order._id, now());
    log.info({ dispute: doc._id, lines }, 'won dispute: ledger restored');
    await repo.done(doc._id, { ledgerRestoredAt: now() }, now());
  }

  /**
   * Does what is left of one dispute, if no other instance holds it; failures wait for the job.
   * A decision that came in while the evidence went out is worked on right after (twice at most).
   */
  async function work(id: string): Promise<void> {
    for (let round = 0; round < 2; round++) {
      const doc = await repo.claim(id, now(), LEASE_MS);
      if (!doc || !(await step(doc))) return;
    }
  }

  /** One piece of a dispute's work under its lease; false when it failed (retried later). */
  async function step(doc: DisputeDoc): Promise<boolean> {
    const id = doc._id;
    try {
      if (doc.status === 'open') await submit(doc);
      else if (doc.status === 'won' && !doc.ledgerRestoredAt) await restore(doc);
      else await repo.done(doc._id, {}, now());
      return true;
    } catch (err) {
      const wait = RETRY_MINUTES[Math.min(doc.attempts, RETRY_MINUTES.length - 1)]! * 60_000;
      const next = new Date(now().getTime() + wait);
      // Evidence is useless after the provider's due date: stop there (a person sees the error).
      const giveUp = doc.status === 'open' && doc.dueAt !== null && next > doc.dueAt;
      const message = err instanceof Error ? err.message : String(err);
      if (!(err instanceof NotYet)) log.warn({ err, dispute: id }, 'dispute work failed');
      await repo.failed(id, message, giveUp ? null : next, now());
      return false;
    }
  }

  return {
    /**
     * A verified dispute event (the checkout's webhook took its id in once): the dispute is read
     * at the provider, recorded, and its work done now when possible. Throws PaymentError
     * UNAVAILABLE when the provider cannot be asked (the webhook answers 503: it comes again).
     */
    async received(event: PaymentEvent): Promise<void> {
      if (!event.disputeId) return;
      const doc = await refresh(event.provider, event.disputeId, event.eventId);
      if (doc.orderId === null) {
        log.warn({ dispute: doc._id }, 'dispute about a payment the shop does not know');
        await repo.done(doc._id, {}, now());
        return;
      }
      await work(doc._id);
    },

    /**
     * An order's chargeback is settled (its ledger debited): a dispute already won on it gives
     * the money back now rather than at the job's next try.
     */
    async chargebackSettled(orderId: string | null): Promise<void> {
      if (!orderId || !ObjectId.isValid(orderId)) return;
      for (const doc of await repo.ofOrder(new ObjectId(orderId))) {
        if (doc.status === 'won' && !doc.ledgerRestoredAt) await work(doc._id);
      }
    },

    /** The job: disputes whose work is due, each claimed before it is worked on. */
    async runDue(): Promise<number> {
      const due = await repo.due(now(), BATCH);
      for (const { _id } of due) await work(_id);
      return due.length;
    },

    page: repo.page,
    findById: repo.findById,
  };
}
export type DisputeService = ReturnType<typeof createDisputeService>;
