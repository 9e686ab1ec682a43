import { ObjectId } from 'mongodb';
import type { z } from 'zod';
import type { PendingLegalChange, SellerShop, SellerShopUpdateSchema } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { LegalChangeDoc, SellerDoc, SellerRepository } from './sellers.repository.ts';

export type ShopUpdate = z.output<typeof SellerShopUpdateSchema>;

export const toPendingLegalChange = (c: LegalChangeDoc): PendingLegalChange => ({
  id: c._id.toHexString(),
  registrationName: c.registrationName,
  vatNumber: c.vatNumber,
  address: c.address,
  requestedAt: c.requestedAt.toISOString(),
});

export function toSellerShop(doc: SellerDoc): SellerShop {
  const approved = {
    registrationName: doc.registrationName,
    vatNumber: doc.vatNumber,
    address: doc.address ?? null,
  };
  const asked = doc.pendingLegalChange ?? approved;
  return {
    id: 'me',
    sellerId: doc._id,
    name: doc.name,
    description: doc.description ?? '',
    image: doc.image,
    supportEmail: doc.supportEmail ?? null,
    registrationName: asked.registrationName,
    vatNumber: asked.vatNumber,
    address: asked.address,
    approved,
    pendingLegalChange: doc.pendingLegalChange
      ? toPendingLegalChange(doc.pendingLegalChange)
      : null,
    lastLegalDecision: doc.lastLegalDecision
      ? { ...doc.lastLegalDecision, at: doc.lastLegalDecision.at.toISOString() }
      : null,
  };
}

type Legal = Pick<LegalChangeDoc, 'registrationName' | 'vatNumber' | 'address'>;
const sameLegal = (a: Legal, b: Legal) =>
  a.registrationName === b.registrationName &&
  a.vatNumber === b.vatNumber &&
  (a.address ?? null) === (b.address ?? null);

/**
 * The seller's own shop profile. Shop fields apply at once. Legal (trader) fields differing
 * from the approved ones become a pending change for an admin (one at a time: a new one replaces
 * the one waiting); sent back equal to the approved ones, they withdraw it. Until an admin
 * approves, the seller's trader data — what buyers, mails and invoices show — stays as approved.
 */
export function createShopProfile(deps: { sellers: SellerRepository; now?: () => Date }) {
  const { sellers } = deps;
  const now = deps.now ?? (() => new Date());

  const own = async (sellerId: string) => {
    const doc = await sellers.findById(sellerId);
    if (!doc) throw new AppError('NOT_FOUND', { message: 'No such seller' });
    return doc;
  };

  return {
    get: async (sellerId: string) => toSellerShop(await own(sellerId)),

    async update(sellerId: string, input: ShopUpdate): Promise<SellerShop> {
      const current = await own(sellerId);
      const { name, description, image, supportEmail } = input;
      const legal: Legal = {
        registrationName: input.registrationName,
        vatNumber: input.vatNumber,
        address: input.address,
      };
      let doc = await sellers.updateShop(sellerId, { name, description, image, supportEmail });
      const pending = current.pendingLegalChange;
      if (sameLegal(legal, { ...current, address: current.address ?? null })) {
        if (pending) doc = await sellers.setPendingLegalChange(sellerId, null);
      } else if (!pending || !sameLegal(legal, pending)) {
        // Asked again unchanged, the waiting change keeps its id (an admin may be looking at it).
        doc = await sellers.setPendingLegalChange(sellerId, {
          _id: new ObjectId(),
          ...legal,
          requestedAt: now(),
        });
      }
      if (!doc) throw new AppError('NOT_FOUND', { message: 'No such seller' });
      return toSellerShop(doc);
    },
  };
}
export type ShopProfile = ReturnType<typeof createShopProfile>;
