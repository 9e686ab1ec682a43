import { ObjectId } from 'mongodb';
import type {
  AdminClaim,
  Claim,
  ClaimCreate,
  ClaimDecisionRequest,
  ClaimStatus,
} from '@market/shared';
import { ClaimCreateSchema, OPEN_CLAIM_STATUSES } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { Logger } from '../../logger.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import { SYSTEM_AUDIT_CONTEXT } from '../audit/audit.service.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { Mails } from '../mails/mails.ts';
import { claimOpenedMail } from '../mails/templates.ts';
import { SYSTEM, toAdminClaim, toClaim, type ClaimBy, type ClaimMove } from './claim-machine.ts';
import type { ClaimResolution } from './claim-resolution.ts';
import type { ClaimDoc, ClaimRepository } from './claims.repository.ts';

export type ClaimFilter = {
  id?: string | string[] | undefined;
  orderId?: string | undefined;
  status?: ClaimStatus | undefined;
};

const BATCH = 100;
/** A resolution left half-done this long is the job's to finish (the request may still run). */
const RESUME_AFTER_MS = 2 * 60_000;

/**
 * Defective-key claims: the buyer's report, the seller's answer (replace, refund, escalate), the
 * admin's decision, and the job's (a seller who did not answer in time, resolutions a crash left
 * half-done). Every status change goes through the state machine (`claim-machine.ts`).
 */
export function createClaimService(deps: {
  claims: ClaimRepository;
  move: ClaimMove;
  resolution: ClaimResolution;
  orders: Pick<OrderFacade, 'findOwn'>;
  keys: Pick<KeyFacade, 'soldOfOrder'>;
  mails: Mails;
  auditLog: Pick<AuditLog, 'record'>;
  publicOrigin: string;
  holdbackDays: number;
  responseHours: number;
  log: Logger;
  now: () => Date;
  /** Told of each new claim after it is stored (the seller's webhooks); never fails the report. */
  onReported?: (claim: ClaimDoc) => Promise<void>;
}) {
  const { claims, move, resolution, log } = deps;

  async function find(id: string, scope: { sellerId?: string; userId?: string } = {}) {
    const oid = toObjectId(id);
    const doc = oid && (await claims.findById(oid));
    // Another seller's or buyer's claim answers exactly like a missing one.
    if (
      !doc ||
      (scope.sellerId !== undefined && doc.sellerId !== scope.sellerId) ||
      (scope.userId !== undefined && doc.userId !== scope.userId)
    ) {
      throw new AppError('NOT_FOUND');
    }
    return doc;
  }

  async function page(q: ListQuery, f: ClaimFilter, scope: { sellerId?: string; userId?: string }) {
    const orderId = f.orderId === undefined ? undefined : toObjectId(f.orderId);
    if (orderId === null) return { rows: [], total: 0 };
    return claims.page(q, {
      ...scope,
      id: f.id === undefined ? undefined : toObjectIds(f.id),
      orderId,
      status: f.status,
    });
  }

  async function tellSeller(claim: ClaimDoc) {
    await deps.mails.toSeller(
      claim.sellerId,
      claimOpenedMail,
      {
        number: claim.orderNumber,
        item: claim.name,
        reasonKey: `claimReason.${claim.reason}`,
        respondBy: claim.respondBy.toISOString().replace('T', ' ').slice(0, 16),
        link: `${deps.publicOrigin}/seller/claims/${claim._id.toHexString()}/show`,
      },
      `claim-opened:${claim._id.toHexString()}`,
    );
  }

  /** Why a second filing of a key was refused: the claim that holds it says. */
  async function claimedAlready(keyId: ObjectId): Promise<AppError> {
    const holder = await claims.holderOf(keyId);
    const message =
      holder?.status === 'rejected'
        ? 'The claim on this key was rejected; only an admin can reopen it'
        : holder && (OPEN_CLAIM_STATUSES as readonly ClaimStatus[]).includes(holder.status)
          ? 'This key has an open claim already'
          : 'This key was claimed already';
    return new AppError('CONFLICT', { message });
  }

  /** The seller's or the admin's resolution, answering the claim as it ended (or stands). */
  async function uphold(
    claim: ClaimDoc,
    how: 'replace' | 'refund',
    by: ClaimBy,
    note: string,
    ctx: AuditContext,
  ) {
    return resolution.uphold(claim, how, by, note, ctx);
  }

  return {
    /**
     * The buyer reports a key of their approved order as not working: it must be sold to them,
     * revealed (a key nobody saw cannot be known to fail; it is refunded the usual way), and the
     * order delivered within the holdback window. One claim per key, ever (409): a rejection is
     * final for the buyer, only an admin reopens it (`reopen`).
     */
    async report(
      userId: string,
      orderId: string,
      keyId: string,
      input: ClaimCreate,
    ): Promise<Claim> {
      const body = ClaimCreateSchema.parse(input);
      const oid = toObjectId(orderId);
      const order = oid && (await deps.orders.findOwn(oid, userId));
      if (!order) throw new AppError('NOT_FOUND');
      const kid = toObjectId(keyId);
      const key =
        kid && order.status === 'approved' && (await deps.keys.soldOfOrder(kid, order._id));
      if (!key) throw new AppError('NOT_FOUND', { message: 'No delivered key of this order' });
      const item =
        order.items.find(
          (i) => i.offerId.equals(key.offerId) && i.keyIds.some((k) => k.equals(key._id)),
        ) ?? order.items.find((i) => i.offerId.equals(key.offerId))!;
      if (!key.revealedAt) {
        throw new AppError('CONFLICT', {
          message: 'Reveal the key first: only a key you tried can be reported as not working',
        });
      }
      if (item.refundId) {
        throw new AppError('CONFLICT', { message: 'This line is refunded already' });
      }
      const at = deps.now();
      const deliveredAt = order.deliveredAt ?? order.updatedAt;
      const closes = new Date(deliveredAt.getTime() + deps.holdbackDays * 86_400_000);
      if (at >= closes) {
        throw new AppError('CONFLICT', {
          message: `Keys can be reported within ${deps.holdbackDays} days of delivery; this order was delivered on ${deliveredAt.toISOString().slice(0, 10)}`,
        });
      }
      const doc: ClaimDoc = {
        _id: new ObjectId(),
        orderId: order._id,
        orderNumber: order.number,
        itemId: item._id,
        keyId: key._id,
        offerId: item.offerId,
        productId: item.productId,
        sellerId: item.sellerId,
        userId,
        email: order.email,
        name: item.name,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        currency: order.currency,
        reason: body.reason,
        details: body.details,
        status: 'open',
        respondBy: new Date(at.getTime() + deps.responseHours * 3_600_000),
        openKey: key._id,
        replacementKeyId: null,
        history: [
          { from: null, to: 'open', actor: 'buyer', actorUid: userId, note: body.details, at },
        ],
        createdAt: at,
        updatedAt: at,
      };
      if (!(await claims.insert(doc))) throw await claimedAlready(key._id);
      await tellSeller(doc).catch((err: unknown) =>
        log.warn({ err, claimId: doc._id.toHexString() }, 'seller not told of a claim'),
      );
      await deps
        .onReported?.(doc)
        .catch((err: unknown) =>
          log.warn({ err, claimId: doc._id.toHexString() }, 'claim webhook not recorded'),
        );
      return toClaim(doc);
    },

    async listOwn(userId: string, q: ListQuery, f: ClaimFilter) {
      const { rows, total } = await page(q, f, { userId });
      return { rows: rows.map(toClaim), total };
    },
    getOwn: async (userId: string, id: string) => toClaim(await find(id, { userId })),
    async escalateOwn(userId: string, id: string, note: string): Promise<Claim> {
      const claim = await find(id, { userId });
      return toClaim(await move(claim, 'escalated', { actor: 'buyer', uid: userId }, note));
    },

    async listOfSeller(sellerId: string, q: ListQuery, f: ClaimFilter) {
      const { rows, total } = await page(q, f, { sellerId });
      return { rows: rows.map(toClaim), total };
    },
    getOfSeller: async (sellerId: string, id: string) => toClaim(await find(id, { sellerId })),
    /** The seller answers: `replace`, `refund` or `escalate` (to an admin). */
    async sellerAction(
      sellerId: string,
      id: string,
      action: 'replace' | 'refund' | 'escalate',
      note: string,
      ctx: AuditContext,
    ): Promise<Claim> {
      const claim = await find(id, { sellerId });
      const by: ClaimBy = { actor: 'seller', uid: ctx.actor.uid };
      if (action === 'escalate') return toClaim(await move(claim, 'escalated', by, note));
      return toClaim(await uphold(claim, action, by, note, ctx));
    },

    async adminList(q: ListQuery, f: ClaimFilter & { sellerId?: string | undefined }) {
      const { rows, total } = await page(q, f, f.sellerId ? { sellerId: f.sellerId } : {});
      return { rows: rows.map(toAdminClaim), total };
    },
    adminGet: async (id: string): Promise<AdminClaim> => toAdminClaim(await find(id)),
    /**
     * An admin reopens a rejected claim (a mistake, new facts): it goes back to `escalated`, for
     * an admin to decide again; the buyer cannot file the key again, and the seller's deadline
     * (the System's refund) does not start over. Audited with the admin's note.
     */
    async reopen(id: string, note: string, ctx: AuditContext): Promise<AdminClaim> {
      const claim = await find(id);
      if (claim.status !== 'rejected') {
        throw new AppError('CONFLICT', { message: 'Only a rejected claim can be reopened' });
      }
      const reopened = await move(claim, 'escalated', { actor: 'admin', uid: ctx.actor.uid }, note);
      await deps.auditLog.record(ctx, {
        action: 'claim.reopen',
        target: { type: 'claims', id: claim._id.toHexString() },
        reason: note || null,
        details: { orderNumber: claim.orderNumber, keyId: claim.keyId.toHexString() },
      });
      return toAdminClaim(reopened);
    },

    /** An admin decides an escalated claim: uphold (refund or replace) or reject. */
    async decide(id: string, input: ClaimDecisionRequest, ctx: AuditContext): Promise<AdminClaim> {
      const claim = await find(id);
      const by: ClaimBy = { actor: 'admin', uid: ctx.actor.uid };
      const note = input.note ?? '';
      if (input.decision === 'reject') {
        const done = await move(claim, 'rejected', by, note);
        await resolution
          .tellBuyer(done, 'rejected', note)
          .catch((err: unknown) => log.warn({ err }, 'buyer not told of a rejected claim'));
        return toAdminClaim(done);
      }
      return toAdminClaim(await uphold(claim, input.decision, by, note, ctx));
    },

    /**
     * The claims job: open claims past their deadline are refunded by the System (the seller
     * debited by the refund), and resolutions a crash (or an unreachable provider or supplier)
     * left half-done are finished. Idempotent: a refunded line is never refunded again, a
     * replacement key recorded on its claim is the one given. Answers how many claims ended.
     */
    async runDue(at: Date = deps.now()): Promise<number> {
      let ended = 0;
      for (const claim of await claims.due(at, BATCH)) {
        try {
          const started = await move(
            claim,
            'refunding',
            SYSTEM,
            'The seller did not answer in time',
          );
          await resolution.finishRefund(started, SYSTEM_AUDIT_CONTEXT);
          ended++;
        } catch (err) {
          log.warn({ err, claimId: claim._id.toHexString() }, 'overdue claim not refunded yet');
        }
      }
      const before = new Date(at.getTime() - RESUME_AFTER_MS);
      for (const claim of await claims.unfinished(before, BATCH)) {
        try {
          const done =
            claim.status === 'refunding'
              ? await resolution.finishRefund(claim, SYSTEM_AUDIT_CONTEXT)
              : await resolution.finishReplace(claim);
          if (done.status !== claim.status) ended++;
        } catch (err) {
          log.warn({ err, claimId: claim._id.toHexString() }, 'claim resolution not finished yet');
        }
      }
      return ended;
    },
  };
}
export type ClaimService = ReturnType<typeof createClaimService>;
