import type { AccountExport } from '@market/shared';
import type { ClaimRepository } from './claims.repository.ts';

/**
 * A buyer's defective-key claims, for their data export. Erasure keeps them (refunds and the
 * sellers' defect rates rest on them) and replaces the buyer's contact.
 */
export function createClaimPersonalData(claims: ClaimRepository) {
  return {
    async exportOf(userId: string): Promise<AccountExport['claims']> {
      return (await claims.ofUser(userId)).map((c) => ({
        orderNumber: c.orderNumber,
        productId: c.productId.toHexString(),
        reason: c.reason,
        details: c.details,
        status: c.status,
        createdAt: c.createdAt.toISOString(),
      }));
    },
    async erase(userId: string, standIn: { email: string; name: string }): Promise<void> {
      await claims.anonymiseBuyer(userId, standIn);
    },
  };
}
