import type { ModuleDeclaration } from '../../runtime/module.ts';
import { ledgerIndexes } from './ledger.repository.ts';

/** The sellers' ledger: its entries' indexes (balances and payouts read it, in their modules). */
export const ledgerModule = (): ModuleDeclaration => ({
  name: 'ledger',
  indexes: { sellerLedger: ledgerIndexes },
});
