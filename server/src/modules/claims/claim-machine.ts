import {
  canClaimTransition,
  type AdminClaim,
  type Claim,
  type ClaimActor,
  type ClaimStatus,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ClaimDoc, ClaimRepository } from './claims.repository.ts';

/** Who moves a claim: the role, and the account (null for the System). */
export type ClaimBy = { actor: ClaimActor; uid: string | null };
export const SYSTEM: ClaimBy = { actor: 'system', uid: null };

/**
 * Statuses that end a claim. The claim keeps its `openKey` (a key is claimed once): only an
 * admin's reopening of a rejection brings it back, never a second filing by the buyer.
 */
const FINAL: readonly ClaimStatus[] = ['replaced', 'refunded', 'rejected'];

/**
 * The one way a claim changes status: the transition table (`CLAIM_TRANSITIONS`, shared) says
 * whether `by` may move it from where it is to `to`, then one conditional update moves it only if
 * it is still there, recording who and when. A move the table refuses, or one another move beat,
 * answers 409.
 */
export function createClaimMachine(claims: ClaimRepository, now: () => Date) {
  return async function move(
    claim: ClaimDoc,
    to: ClaimStatus,
    by: ClaimBy,
    note = '',
    set: Partial<ClaimDoc> = {},
  ): Promise<ClaimDoc> {
    if (!canClaimTransition(claim.status, to, by.actor)) {
      throw new AppError('CONFLICT', {
        message: `A claim that is ${claim.status.replace('_', ' ')} cannot become ${to}`,
      });
    }
    const at = now();
    const final = FINAL.includes(to);
    const reopened = FINAL.includes(claim.status);
    const moved = await claims.move(
      claim._id,
      claim.status,
      { from: claim.status, to, actor: by.actor, actorUid: by.uid, note, at },
      {
        set: {
          ...set,
          ...(final ? { resolvedAt: at } : {}),
          ...(to === 'replaced' || to === 'refunded' ? { upheld: true as const } : {}),
        },
        // Reopened, it is no longer resolved (the defect rate counts only resolved claims).
        unset: reopened ? ['resolvedAt'] : [],
      },
    );
    if (!moved) throw new AppError('CONFLICT', { message: 'The claim changed meanwhile' });
    return moved;
  };
}
export type ClaimMove = ReturnType<typeof createClaimMachine>;

/** A claim as its buyer and seller read it. */
export function toClaim(doc: ClaimDoc): Claim {
  return {
    id: doc._id.toHexString(),
    orderId: doc.orderId.toHexString(),
    orderNumber: doc.orderNumber,
    itemId: doc.itemId.toHexString(),
    keyId: doc.keyId.toHexString(),
    offerId: doc.offerId.toHexString(),
    productId: doc.productId.toHexString(),
    sellerId: doc.sellerId,
    name: doc.name,
    quantity: doc.quantity,
    unitPriceCents: doc.unitPriceCents,
    currency: doc.currency,
    reason: doc.reason,
    details: doc.details,
    status: doc.status,
    respondBy: doc.respondBy.toISOString(),
    replacementKeyId: doc.replacementKeyId?.toHexString() ?? null,
    history: doc.history.map((e) => ({
      from: e.from,
      to: e.to,
      actor: e.actor,
      actorUid: e.actorUid,
      note: e.note,
      at: e.at.toISOString(),
    })),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** A claim in the admin console: with its buyer. */
export const toAdminClaim = (doc: ClaimDoc): AdminClaim => ({
  ...toClaim(doc),
  userId: doc.userId,
  email: doc.email,
});
