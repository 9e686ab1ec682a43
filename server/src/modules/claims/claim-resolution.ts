import type { ObjectId } from 'mongodb';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { AuditContext } from '../audit/audit.service.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import type { OfferPricing } from '../offers/offer-pricing.ts';
import type { OfferFacade } from '../offers/offers.facade.ts';
import type { OrderDoc, OrderItemDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { Mails } from '../mails/mails.ts';
import { claimSettledMail } from '../mails/templates.ts';
import { SYSTEM, type ClaimBy, type ClaimMove } from './claim-machine.ts';
import type { ClaimDoc, ClaimRepository } from './claims.repository.ts';

/** How a claim ended, as its buyer's mail says. */
type ClaimOutcome = 'replaced' | 'refunded' | 'rejected';

/** A replacement bought from the seller's supplier (on-demand offers): the key left reserved. */
export type SupplierReplacement = (
  order: OrderDoc,
  item: OrderItemDoc,
  clientRef: string,
) => Promise<'held' | 'waiting' | 'refused'>;

/**
 * The two ways a claim is upheld, each in two recorded steps (`replacing` → `replaced`,
 * `refunding` → `refunded`) whose middle part is idempotent, so the claims job finishes what a
 * crash interrupted by running the same code again.
 *
 * Replacement: a key of the same offer is reserved for the order (from the seller's stock, else
 * bought from the supplier for an on-demand offer), recorded on the claim, sold, added to the
 * order line; then the claimed key is revoked as defective. No key to give: the claim goes back
 * where it was (409). Refund: the line through the refunds service (which debits the seller and
 * revokes the line's revealed keys); a line refunded already counts as done.
 */
export function createClaimResolution(deps: {
  claims: ClaimRepository;
  move: ClaimMove;
  orders: Pick<OrderFacade, 'findById' | 'addLineKey'>;
  keys: Pick<KeyFacade, 'ofOrder' | 'reserveOne' | 'sellOne' | 'revokeDefective'>;
  offers: Pick<OfferFacade, 'incStock'>;
  pricing: Pick<OfferPricing, 'refreshRanges'>;
  supplierReplacement: SupplierReplacement;
  /** Refunds one line through the refunds service (throws like it). */
  refundLine: (
    order: OrderDoc,
    item: OrderItemDoc,
    reason: string,
    ctx: AuditContext,
  ) => Promise<void>;
  mails: Mails;
  publicOrigin: string;
  /** The seller's defect rate counted again (a claim was upheld). */
  recount: (sellerId: string) => Promise<void>;
  log: Logger;
  now: () => Date;
}) {
  const { claims, move, orders, keys, log } = deps;

  async function lineOf(claim: ClaimDoc) {
    const order = await orders.findById(claim.orderId);
    const item = order?.items.find((i) => i._id.equals(claim.itemId));
    if (!order || !item) throw new AppError('NOT_FOUND');
    return { order, item };
  }

  /** The buyer hears how their claim ended (once per claim), with the deciding person's note. */
  async function tellBuyer(claim: ClaimDoc, outcome: ClaimOutcome, note = '') {
    const link = `${deps.publicOrigin}/account?order=${claim.orderId.toHexString()}`;
    await deps.mails.send(
      { email: claim.email, uid: claim.userId },
      claimSettledMail,
      {
        number: claim.orderNumber,
        item: claim.name,
        outcomeKey: `claimSettled.${outcome}`,
        note: note || null,
        link,
      },
      `claim-settled:${claim._id.toHexString()}`,
    );
  }

  async function settled(claim: ClaimDoc, outcome: ClaimOutcome) {
    await tellBuyer(claim, outcome);
    await deps.recount(claim.sellerId).catch((err: unknown) => {
      // The daily count catches up.
      log.warn({ err, sellerId: claim.sellerId }, 'defect rate not counted');
    });
  }

  /** A key of the offer held for the order and no claim's replacement yet, if a crash left one. */
  async function leftOver(claim: ClaimDoc): Promise<ObjectId | null> {
    const taken = new Set((await claims.replacementKeysOf(claim.orderId)).map(String));
    const key = (await keys.ofOrder(claim.orderId)).find(
      (k) =>
        k.status === 'reserved' && k.offerId.equals(claim.offerId) && !taken.has(String(k._id)),
    );
    return key?._id ?? null;
  }

  /** A key for the claim: one held before a crash, else the seller's stock, else the supplier. */
  async function takeKey(claim: ClaimDoc): Promise<ObjectId | 'waiting' | null> {
    const held = await leftOver(claim);
    if (held) return held;
    const key = await keys.reserveOne(claim.offerId, claim.orderId, deps.now());
    if (key) {
      await deps.offers.incStock(claim.offerId, -1);
      await deps.pricing.refreshRanges([claim.productId]);
      return key._id;
    }
    const { order, item } = await lineOf(claim);
    const bought = await deps.supplierReplacement(order, item, `claim:${claim._id.toHexString()}`);
    if (bought === 'waiting') return 'waiting';
    if (bought === 'refused') return null;
    return leftOver(claim);
  }

  return {
    /** Finishes a claim in `replacing`; answers it after (still `replacing` while a supplier waits). */
    async finishReplace(claim: ClaimDoc): Promise<ClaimDoc> {
      let keyId = claim.replacementKeyId;
      if (!keyId) {
        const taken = await takeKey(claim);
        if (taken === 'waiting') return claim;
        if (!taken) {
          await move(claim, claim.replaceFrom ?? 'open', SYSTEM, 'No key left to give');
          throw new AppError('CONFLICT', {
            message: 'No key of this offer is left to give: add keys, or refund the key instead',
          });
        }
        await claims.setReplacementKey(claim._id, taken);
        keyId = (await claims.findById(claim._id))!.replacementKeyId!;
      }
      const at = deps.now();
      await keys.sellOne(keyId, claim.orderId, at);
      await orders.addLineKey(claim.orderId, claim.itemId, keyId);
      await keys.revokeDefective(claim.keyId, claim.orderId, at);
      const done = await move(
        { ...claim, replacementKeyId: keyId },
        'replaced',
        SYSTEM,
        'The new key is in the order',
        { replacementKeyId: keyId },
      );
      await settled(done, 'replaced');
      return done;
    },

    /** Finishes a claim in `refunding`: its line refunded (once), then the claim closed. */
    async finishRefund(claim: ClaimDoc, ctx: AuditContext): Promise<ClaimDoc> {
      const { order, item } = await lineOf(claim);
      if (!item.refundedAt) {
        try {
          await deps.refundLine(
            order,
            item,
            `Defective key reported (claim ${claim._id.toHexString()})`,
            ctx,
          );
        } catch (err) {
          // Refunded meanwhile by another way (an admin, a racing run): the line is what counts.
          const again = await lineOf(claim);
          if (!again.item.refundedAt) {
            // Refused for good (the provider said no, the order is no longer refundable): an
            // admin takes it rather than the job asking again every minute. An unreachable
            // provider (503) leaves it refunding: the job asks again.
            if (err instanceof AppError && err.code === 'CONFLICT') {
              await move(claim, 'escalated', SYSTEM, `The refund was refused: ${err.message}`);
            }
            throw err;
          }
        }
      }
      const done = await move(claim, 'refunded', SYSTEM, 'The line is refunded');
      await settled(done, 'refunded');
      return done;
    },

    /** Starts an upheld resolution (`replacing` or `refunding`) and carries it through. */
    async uphold(
      claim: ClaimDoc,
      how: 'replace' | 'refund',
      by: ClaimBy,
      note: string,
      ctx: AuditContext,
    ): Promise<ClaimDoc> {
      if (how === 'replace') {
        const started = await move(claim, 'replacing', by, note, { replaceFrom: claim.status });
        return this.finishReplace(started);
      }
      const started = await move(claim, 'refunding', by, note);
      return this.finishRefund(started, ctx);
    },

    tellBuyer,
  };
}
export type ClaimResolution = ReturnType<typeof createClaimResolution>;
