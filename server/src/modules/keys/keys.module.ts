import type { Logger } from '../../logger.ts';
import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { AuditLog } from '../audit/audit.service.ts';
import type { Restock } from './key-stock.ts';
import type { KeyVault } from './key-vault.ts';
import type { KeyRepository } from './keys.repository.ts';
import { rehashKeys } from './rehash-keys.ts';

/** Keys bring a data migration: stored keys' duplicate hashes computed the current way. */
export const keysModule = (given: {
  keys: KeyRepository;
  vault: KeyVault;
  auditLog: AuditLog;
  restock: Restock;
  log: Logger;
}): ModuleDeclaration => ({
  name: 'keys',
  jobs: [],
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
