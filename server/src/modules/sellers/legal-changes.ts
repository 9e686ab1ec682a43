import type { LegalChangeDecisionKind, Seller } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import type { Mails } from '../mails/mails.ts';
import { sellerLegalChangeMail } from '../mails/templates.ts';
import type { SellerRepository } from './sellers.repository.ts';
import { toSeller } from './sellers.service.ts';

const OUTCOME = { approve: 'approved', reject: 'rejected' } as const;

/**
 * An admin's decision on a seller's waiting change of trader data: approved, the new values
 * become the seller's; rejected, the approved ones stay. Audited, and the seller is mailed.
 */
export function createLegalChanges(deps: {
  sellers: SellerRepository;
  auditLog: Pick<AuditLog, 'record'>;
  mails: Mails;
}) {
  const { sellers } = deps;
  return {
    async decide(
      sellerId: string,
      kind: LegalChangeDecisionKind,
      input: { changeId: string; reason: string },
      ctx: AuditContext,
    ): Promise<Seller> {
      const current = await sellers.findById(sellerId);
      if (!current) throw new AppError('NOT_FOUND', { message: 'No such seller' });
      const change = current.pendingLegalChange;
      if (!change || change._id.toHexString() !== input.changeId) {
        throw new AppError('CONFLICT', {
          message: 'This change is not waiting any more: reload the seller',
        });
      }
      const outcome = OUTCOME[kind];
      const reason = input.reason || null;
      // Conditional on the change read above: one the seller sent meanwhile is not decided unseen.
      const doc = await sellers.decideLegalChange(sellerId, change, outcome, reason);
      if (!doc) {
        throw new AppError('CONFLICT', {
          message: 'This change is not waiting any more: reload the seller',
        });
      }
      const from = {
        registrationName: current.registrationName,
        vatNumber: current.vatNumber,
        address: current.address ?? null,
      };
      const to = {
        registrationName: change.registrationName,
        vatNumber: change.vatNumber,
        address: change.address,
      };
      await deps.auditLog.record(ctx, {
        action: kind === 'approve' ? 'seller.legalChangeApprove' : 'seller.legalChangeReject',
        target: { type: 'seller', id: sellerId },
        reason,
        details: { changeId: input.changeId, from, to },
      });
      await deps.mails.toSeller(sellerId, sellerLegalChangeMail, {
        shopName: doc.name,
        outcomeKey: `sellerLegalChange.${outcome}`,
        reason: reason || null,
        link: deps.mails.link('/seller/shop'),
      });
      return toSeller(doc);
    },
  };
}
export type LegalChanges = ReturnType<typeof createLegalChanges>;
