import type { RevealedOrderKey } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { openKeyCode } from '../keys/key-content.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { KeyFacade } from '../keys/keys.facade.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { OrderRepository } from './orders.repository.ts';

/**
 * A buyer's access to what they bought: a key's code (reveal) or a game account's credentials
 * (claim, once). Only for the order's buyer (another's order answers 404) and only once approved.
 */
export function createBuyerKeys(deps: {
  orders: OrderRepository;
  keys: KeyFacade;
  vault: KeyVault;
  clock: () => Date;
}) {
  const { orders, keys, vault } = deps;
  const now = deps.clock;

  /** The buyer's sold key of an approved order of theirs, and its line. */
  async function boughtKey(userId: string, orderId: string, keyId: string) {
    const oid = toObjectId(orderId);
    const order = oid && (await orders.findOwn(oid, userId));
    // Another buyer's order answers exactly like a missing one.
    if (!order) throw new AppError('NOT_FOUND');
    if (order.status !== 'approved') {
      throw new AppError('CONFLICT', { message: 'Keys are delivered once the order is approved' });
    }
    const kid = toObjectId(keyId);
    const key = kid && (await keys.soldOfOrder(kid, order._id));
    if (!key) throw new AppError('NOT_FOUND');
    const item = order.items.find((i) => i.offerId.equals(key.offerId))!;
    return { order, key, item };
  }

  return {
    /**
     * A delivered key's code (text, or a supplier's scanned card as an image), for its buyer only. The first reveal is recorded with the buyer's
     * waiver of the right of withdrawal. Game accounts are claimed instead (once).
     */
    async revealKey(userId: string, orderId: string, keyId: string): Promise<RevealedOrderKey> {
      const { order, key, item } = await boughtKey(userId, orderId, keyId);
      if (item.categoryId === 'accounts') {
        throw new AppError('CONFLICT', { message: 'A game account is claimed, once' });
      }
      await keys.markRevealed(key._id, order._id, now());
      const revealed = await keys.soldOfOrder(key._id, order._id);
      return {
        id: key._id.toHexString(),
        ...openKeyCode(vault, key),
        revealedAt: revealed!.revealedAt!.toISOString(),
      };
    },

    /** `claimAccountInfo`: a game account's credentials, handed over once (then 409). */
    async claimAccountInfo(
      userId: string,
      orderId: string,
      keyId: string,
    ): Promise<RevealedOrderKey> {
      const { order, key, item } = await boughtKey(userId, orderId, keyId);
      if (item.categoryId !== 'accounts') {
        throw new AppError('CONFLICT', { message: 'Only a game account is claimed' });
      }
      const claimed = await keys.claimOnce(key._id, order._id, now());
      if (!claimed) throw new AppError('CONFLICT', { message: 'The account was claimed already' });
      return {
        id: key._id.toHexString(),
        ...openKeyCode(vault, claimed),
        revealedAt: claimed.claimedAt!.toISOString(),
      };
    },
  };
}
