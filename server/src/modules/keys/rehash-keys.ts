import type { Logger } from '../../logger.ts';
import { SYSTEM_AUDIT_CONTEXT, type AuditLog } from '../audit/audit.service.ts';
import type { KeyVault } from './key-vault.ts';
import type { Restock } from './key-stock.ts';
import type { KeyRepository, RehashKeyDoc } from './keys.repository.ts';

type Holder = Pick<RehashKeyDoc, '_id' | 'createdAt' | 'sellerId' | 'offerId' | 'productId'>;

/** Whether `a` came into the marketplace before `b` (the earlier of two keeps their hash). */
const isEarlier = (a: Holder, b: Holder) =>
  a.createdAt.getTime() !== b.createdAt.getTime()
    ? a.createdAt < b.createdAt
    : a._id.toHexString() < b._id.toHexString();

/** What a run did; `unreadable` and `unsettled` keys keep their old hash until a later run. */
export type RehashReport = {
  rehashed: number;
  duplicates: number;
  unreadable: number;
  unsettled: number;
};

/**
 * Re-hashes every key with the vault's current normalisation (key-code.ts: separators and case
 * ignored), for keys hashed before it changed. Each key is decrypted and its hash moved in one
 * conditional update, so the run can stop anywhere and start again; a key already right is left
 * alone. When two keys turn out to share a code, both are kept: the later one is flagged
 * `duplicateOf` the earlier, taken out of sale if it is still available (one code must never be
 * sold twice), and admins are told in the audit log (ids, sellers and the hash, never the code).
 * A crash between that entry and the flag writes the entry again on the next run.
 */
export async function rehashKeys(deps: {
  keys: KeyRepository;
  vault: KeyVault;
  auditLog: AuditLog;
  restock: Restock;
  log: Logger;
}): Promise<RehashReport> {
  const { keys, vault, auditLog, restock, log } = deps;
  const report: RehashReport = { rehashed: 0, duplicates: 0, unreadable: 0, unsettled: 0 };

  /** Keeps both keys, takes the later off sale if it is available, tells admins, flags it. */
  async function settleDuplicate(later: Holder, earlier: Holder, hash: string) {
    const revoked = await keys.revoke(later._id);
    if (revoked) await restock(revoked.offerId, revoked.productId);
    const status = revoked?.status ?? (await keys.find(later._id))?.status;
    await auditLog.record(SYSTEM_AUDIT_CONTEXT, {
      action: 'key.duplicateFound',
      target: { type: 'key', id: later._id.toHexString() },
      reason: 'Two keys have one code once separators and case are ignored',
      details: {
        duplicateOf: earlier._id.toHexString(),
        status,
        sellerId: later.sellerId,
        offerId: later.offerId.toHexString(),
        productId: later.productId.toHexString(),
        earlierSellerId: earlier.sellerId,
        earlierOfferId: earlier.offerId.toHexString(),
        earlierProductId: earlier.productId.toHexString(),
        hash,
      },
    });
    if (await keys.flagDuplicate(later._id, earlier._id, hash)) report.duplicates++;
  }

  for await (const key of keys.forRehash()) {
    let hash: string;
    try {
      const plain = vault.decrypt(key.secret);
      // An image code is hashed over its bytes: separators and case mean nothing there.
      hash =
        key.kind === 'image' ? vault.hashImage(Buffer.from(plain, 'base64')) : vault.hash(plain);
    } catch {
      report.unreadable++;
      continue;
    }
    if (hash === key.hash) continue;
    // Another key may hold the new hash: a key hashed the same either way (no separators), or
    // one re-hashed already. The earlier of the two keeps it. A few rounds at most (another
    // instance may flag or move keys meanwhile); a key still stuck is left for the next run.
    let settled = false;
    for (let round = 0; round < 3 && !settled; round++) {
      const outcome = await keys.rehash(key._id, key.hash, hash);
      if (outcome !== 'taken') {
        if (outcome === 'moved') report.rehashed++;
        settled = true;
        continue;
      }
      const holder = await keys.byHash(hash);
      // Flagged meanwhile (another instance running the same migration): the hash is free.
      if (!holder) continue;
      if (isEarlier(holder, key)) {
        await settleDuplicate(key, holder, hash);
        settled = true;
      } else {
        await settleDuplicate(holder, key, hash);
      }
    }
    if (!settled) report.unsettled++;
  }
  if (Object.values(report).some(Boolean)) {
    log.info(report, 'keys re-hashed with separators and case ignored');
  }
  if (report.unreadable) {
    log.error(
      { unreadable: report.unreadable },
      'keys that cannot be decrypted keep their old hash (is KEY_ENCRYPTION_KEY the right one?)',
    );
  }
  if (report.unsettled) log.error(report, 'keys whose new hash stayed taken keep their old one');
  return report;
}
