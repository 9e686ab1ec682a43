import { ObjectId } from 'mongodb';
import {
  CURRENCIES,
  type Currency,
  type Payout,
  type PayoutMethod,
  type SellerBalance,
} from '@market/shared';
import { PaymentError } from '../../integrations/payments/payment-provider.ts';
import type {
  PayoutBatchState,
  PaypalPayouts,
} from '../../integrations/payments/paypal/paypal-payouts.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { LedgerFacade } from '../ledger/ledger.facade.ts';
import type { Mails } from '../mails/mails.ts';
import { sellerPayoutMail } from '../mails/templates.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import type { PayoutDoc, PayoutRepository } from './payouts.repository.ts';

export const toPayout = (doc: PayoutDoc): Payout => ({
  id: doc._id.toHexString(),
  sellerId: doc.sellerId,
  currency: doc.currency,
  amountCents: doc.amountCents,
  method: doc.method,
  status: doc.status,
  receiver: doc.receiver,
  batchId: doc.batchId,
  itemStatus: doc.itemStatus,
  reference: doc.reference,
  failure: doc.failure,
  createdAt: doc.createdAt.toISOString(),
  paidAt: doc.paidAt?.toISOString() ?? null,
});

/** PayPal item statuses after which the money did not reach the seller: it is available again. */
const FAILED_ITEM = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED']);
const FAILED_BATCH = new Set(['DENIED', 'CANCELED']);
/** Payouts whose amount is out of the available balance. */
const COMMITTED = ['pending', 'processing', 'paid'] as const;
const BATCH = 50;
/** A PayPal payout left this long without an answer is sent (or asked about) again. */
const RETRY_AFTER_MS = 30_000;

/** The Monday (UTC) of `at`'s week: the weekly run's id. */
export function weekOf(at: Date): string {
  const day = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

const key = (sellerId: string, currency: Currency) => `${sellerId}:${currency}`;

/**
 * Sellers' payouts. A run pays each seller and currency whose available balance (released ledger
 * credits less every payout not failed) reaches the minimum: the payout is written first, so the
 * money is committed before PayPal is asked, then sent with its id as `sender_batch_id` (a
 * retry after a crash cannot pay twice); the job follows batches until PayPal says paid or
 * failed (failed: the money is available again). A transfer run writes payouts an admin marks
 * paid with the bank's reference.
 */
export function createPayoutService(deps: {
  payouts: PayoutRepository;
  ledger: Pick<LedgerFacade, 'sums' | 'balanceOf'>;
  sellers: Pick<SellerFacade, 'emailOf'>;
  paypal: PaypalPayouts;
  minimumCents: number;
  mails: Pick<Mails, 'toSeller' | 'link'>;
  auditLog: AuditLog;
  log: Logger;
  clock?: () => Date;
}) {
  const { payouts, ledger, paypal, log } = deps;
  const now = deps.clock ?? (() => new Date());

  /** Available per seller and currency (one seller, or all). */
  async function available(at: Date, sellerId?: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const r of await ledger.sums(at, 'available', sellerId)) {
      out.set(key(r.sellerId, r.currency), r.cents);
    }
    for (const r of await payouts.sums([...COMMITTED], sellerId)) {
      const k = key(r.sellerId, r.currency);
      out.set(k, (out.get(k) ?? 0) - r.cents);
    }
    return out;
  }

  /** The seller hears of a payout that reached them (once: keyed by the payout). */
  async function tellPaid(doc: PayoutDoc | null): Promise<void> {
    if (doc?.status !== 'paid') return;
    await deps.mails.toSeller(
      doc.sellerId,
      sellerPayoutMail,
      {
        amountCents: doc.amountCents,
        currency: doc.currency,
        reference: doc.reference ?? doc.batchId ?? null,
        link: deps.mails.link('/seller/payouts'),
      },
      `payout-paid:${doc._id.toHexString()}`,
    );
  }

  /** Applies what PayPal says of the payout's batch. */
  async function apply(doc: PayoutDoc, state: PayoutBatchState): Promise<PayoutDoc | null> {
    const at = now();
    const base = { batchId: state.batchId, itemStatus: state.itemStatus, updatedAt: at };
    if (state.itemStatus === 'SUCCESS') {
      const paid = await payouts.update(doc._id, ['pending', 'processing'], {
        ...base,
        status: 'paid',
        paidAt: at,
      });
      await tellPaid(paid);
      return paid;
    }
    if (FAILED_ITEM.has(state.itemStatus ?? '') || FAILED_BATCH.has(state.batchStatus)) {
      log.warn({ payoutId: doc._id.toHexString(), item: state.itemStatus }, 'payout failed');
      return payouts.update(doc._id, ['pending', 'processing'], {
        ...base,
        status: 'failed',
        failure: state.failure ?? `PayPal: ${state.itemStatus ?? state.batchStatus}`,
      });
    }
    return payouts.update(doc._id, ['pending', 'processing'], { ...base, status: 'processing' });
  }

  /** Sends a pending PayPal payout (again: the same sender_batch_id), or asks how it went. */
  async function push(doc: PayoutDoc): Promise<PayoutDoc | null> {
    try {
      const state = doc.batchId
        ? await paypal.get(doc.batchId)
        : await paypal.send({
            payoutId: doc._id.toHexString(),
            receiver: doc.receiver!,
            amountCents: doc.amountCents,
            currency: doc.currency,
            note: `Marketplace payout ${doc._id.toHexString()}`,
          });
      return await apply(doc, state);
    } catch (err) {
      if (!(err instanceof PaymentError) || err.code === 'UNAVAILABLE') throw err;
      // PayPal refused the batch itself (a bad receiver): nothing was paid.
      return payouts.update(doc._id, ['pending'], {
        status: 'failed',
        failure: err.message,
        updatedAt: now(),
      });
    }
  }

  /** One payout run: a payout per seller and currency at or above the minimum. */
  async function run(method: PayoutMethod, runId: string): Promise<PayoutDoc[]> {
    const at = now();
    const made: PayoutDoc[] = [];
    for (const [k, cents] of await available(at)) {
      if (cents < deps.minimumCents) continue;
      const [sellerId, currency] = k.split(':') as [string, Currency];
      // The number first, the balance after: a racing run either collides on the number or
      // already sees this payout in the balance.
      const seq = await payouts.nextSeq(sellerId, currency);
      const amount = (await available(at, sellerId)).get(k) ?? 0;
      if (amount < deps.minimumCents) continue;
      const receiver = method === 'paypal' ? await deps.sellers.emailOf(sellerId) : null;
      if (method === 'paypal' && !receiver) continue;
      const doc: PayoutDoc = {
        _id: new ObjectId(),
        ...{ sellerId, currency, seq, method, receiver, runId },
        amountCents: amount,
        status: 'pending',
        batchId: null,
        itemStatus: null,
        reference: null,
        failure: null,
        createdAt: at,
        updatedAt: at,
        paidAt: null,
      };
      if (await payouts.insert(doc)) made.push(doc);
    }
    for (const doc of made.filter((d) => d.method === 'paypal')) {
      // Left pending on an error: the job sends it again with the same sender_batch_id.
      await push(doc).catch((err: unknown) =>
        log.warn({ err, payoutId: doc._id.toHexString() }, 'payout not sent yet'),
      );
    }
    return made;
  }

  /** PayPal payouts last touched before `before`: sent again, or asked how they went. */
  async function followUp(before: Date): Promise<number> {
    let moved = 0;
    for (const doc of await payouts.openPaypal(before, BATCH)) {
      try {
        const after = await push(doc);
        if (after && after.status !== doc.status) moved++;
      } catch (err) {
        log.warn({ err, payoutId: doc._id.toHexString() }, 'payout not followed up yet');
      }
    }
    return moved;
  }

  async function find(id: string): Promise<PayoutDoc> {
    const oid = toObjectId(id);
    const doc = oid && (await payouts.findById(oid));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  }

  return {
    page: payouts.page,
    between: payouts.between,
    get: find,
    async getOwn(sellerId: string, id: string) {
      const doc = await find(id);
      if (doc.sellerId !== sellerId) throw new AppError('NOT_FOUND');
      return doc;
    },

    /** The seller's pending, available and paid money per currency. */
    async balance(sellerId: string): Promise<SellerBalance> {
      const at = now();
      const ledgerMoney = await ledger.balanceOf(sellerId, at);
      const committed = await payouts.sums([...COMMITTED], sellerId);
      const paid = await payouts.sums(['paid'], sellerId);
      const of = (rows: typeof paid, c: Currency) =>
        rows.filter((r) => r.currency === c).reduce((s, r) => s + r.cents, 0);
      const out = {} as SellerBalance;
      for (const c of CURRENCIES) {
        out[c] = {
          pendingCents: ledgerMoney[c].pendingCents,
          availableCents: ledgerMoney[c].availableCents - of(committed, c),
          paidCents: of(paid, c),
        };
      }
      return out;
    },

    /** The admin's "run payouts now". */
    async runNow(method: PayoutMethod, ctx: AuditContext) {
      const made = await run(method, `manual:${now().toISOString()}`);
      await deps.auditLog.record(ctx, {
        action: 'payout.run',
        target: { type: 'payout-run', id: method },
        details: { method, created: made.length },
      });
      return { created: made.length, ids: made.map((d) => d._id.toHexString()) };
    },

    /** A transfer payout paid: the bank's reference recorded, once. */
    async markPaid(id: string, reference: string, ctx: AuditContext) {
      const doc = await find(id);
      if (doc.method !== 'transfer') {
        throw new AppError('CONFLICT', { message: 'Only a bank transfer payout is marked paid' });
      }
      const at = now();
      const done = await payouts.update(doc._id, ['pending'], {
        status: 'paid',
        reference,
        paidAt: at,
        updatedAt: at,
      });
      if (!done) throw new AppError('CONFLICT', { message: 'This payout is not pending' });
      await tellPaid(done);
      await deps.auditLog.record(ctx, {
        action: 'payout.markPaid',
        target: { type: 'payout', id },
        details: { reference, amountCents: doc.amountCents, currency: doc.currency },
      });
      return done;
    },

    /**
     * The job: this week's run once (claimed in `payoutRuns`, resumed if a crash cut it), then
     * PayPal payouts left unsent or still processing. `runId` names another period's run.
     */
    async tick(runId?: string): Promise<void> {
      const at = now();
      await payouts.startRun(runId ?? `week:${weekOf(at)}`, at);
      for (const r of await payouts.unfinishedRuns()) {
        await run('paypal', r._id);
        await payouts.finishRun(r._id);
      }
      await followUp(new Date(at.getTime() - RETRY_AFTER_MS));
    },

    followUp,

    /** A PayPal webhook named this batch: read its state (never trusting the event's body). */
    async batchChanged(batchId: string): Promise<void> {
      const doc = await payouts.findByBatch(batchId);
      if (doc && (doc.status === 'pending' || doc.status === 'processing')) await push(doc);
    },
  };
}
export type PayoutService = ReturnType<typeof createPayoutService>;
