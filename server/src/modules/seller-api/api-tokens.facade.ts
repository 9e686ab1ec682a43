import type { ApiTokenService } from './api-tokens.service.ts';

export type { AccountRevocation } from './api-tokens.service.ts';

/**
 * What other modules ask of API tokens — users (a role change, a block, an erasure) and sellers
 * (a shop no longer approved) end every token of the account, audited. They are given this,
 * never the service, so how tokens are kept stays this module's business.
 */
export function createApiTokenFacade(service: ApiTokenService) {
  return { revokeAccount: service.revokeAccount };
}
export type ApiTokenFacade = ReturnType<typeof createApiTokenFacade>;
