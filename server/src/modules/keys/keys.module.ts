import type { Logger } from '../../logger.ts';
import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { Restock } from './key-stock.ts';
import type { KeyVault } from './key-vault.ts';
import { keyIndexes, type KeyRepository } from './keys.repository.ts';
import { adminKeyRoutes, sellerKeyRoutes } from './keys.routes.ts';
import type { KeyService } from './keys.service.ts';
import { rehashKeys } from './rehash-keys.ts';

/**
 * Keys: the admin's and sellers' key lists and uploads, and a data migration (stored keys'
 * duplicate hashes computed the current way).
 */
export const keysModule = (given: {
  service: KeyService;
  keys: KeyRepository;
  vault: KeyVault;
  auditLog: AuditLog;
  restock: Restock;
  log: Logger;
}): ModuleDeclaration => ({
  name: 'keys',
  indexes: { keys: keyIndexes },
  routes: () => [adminKeyRoutes(given.service), sellerKeyRoutes(given.service)],
  migrations: [
    {
      // Duplicate hashes ignore separators (key-code.ts) since issue 9; keys before were hashed
      // ignoring case only. Incomplete while a key cannot be decrypted (a wrong master key) or
      // its new hash stays taken.
      id: '2026-11-keys-rehash-without-separators',
      run: async () => {
        const report = await rehashKeys(given);
        return report.unreadable === 0 && report.unsettled === 0;
      },
    },
  ],
});
