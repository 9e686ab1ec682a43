import { MongoServerError, ObjectId } from 'mongodb';
import type { AuditAction, CommissionRule, CommissionRuleWrite } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { CommissionRuleDoc, CommissionRuleRepository } from './commission.repository.ts';

export const toCommissionRule = (doc: CommissionRuleDoc): CommissionRule => ({
  id: doc._id.toHexString(),
  categoryId: doc.categoryId,
  sellerId: doc.sellerId,
  rateBps: doc.rateBps,
  feeCents: doc.feeCents,
  note: doc.note,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

const TAKEN = () =>
  new AppError('CONFLICT', {
    message: 'A rule for this seller and category exists already',
    errors: { categoryId: 'A rule for this seller and category exists already' },
  });

const isDuplicate = (err: unknown) => err instanceof MongoServerError && err.code === 11000;

/** The admin's commission rules: CRUD, each write audited. Sales made already keep their terms. */
export function createCommissionService(deps: {
  rules: CommissionRuleRepository;
  auditLog: AuditLog;
  clock?: () => Date;
}) {
  const { rules, auditLog, clock = () => new Date() } = deps;

  async function find(id: string): Promise<CommissionRuleDoc> {
    const oid = toObjectId(id);
    const doc = oid && (await rules.findById(oid));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  }

  const audit = (ctx: AuditContext, action: AuditAction, doc: CommissionRuleDoc) =>
    auditLog.record(ctx, {
      action,
      target: { type: 'commission-rule', id: doc._id.toHexString() },
      details: { sellerId: doc.sellerId, categoryId: doc.categoryId, rateBps: doc.rateBps },
    });

  return {
    page: (q: ListQuery, filter: { id?: ObjectId[]; sellerId?: string }) => rules.page(q, filter),
    get: find,
    async create(input: CommissionRuleWrite, ctx: AuditContext) {
      const at = clock();
      try {
        const doc = await rules.insert({
          _id: new ObjectId(),
          ...input,
          createdAt: at,
          updatedAt: at,
        });
        await audit(ctx, 'commissionRule.update', doc);
        return doc;
      } catch (err) {
        if (isDuplicate(err)) throw TAKEN();
        throw err;
      }
    },
    async update(id: string, input: CommissionRuleWrite, ctx: AuditContext) {
      const current = await find(id);
      try {
        const doc = await rules.update(current._id, { ...input, updatedAt: clock() });
        if (!doc) throw new AppError('NOT_FOUND');
        await audit(ctx, 'commissionRule.update', doc);
        return doc;
      } catch (err) {
        if (isDuplicate(err)) throw TAKEN();
        throw err;
      }
    },
    async remove(id: string, ctx: AuditContext) {
      const current = await find(id);
      const doc = await rules.remove(current._id);
      if (!doc) throw new AppError('NOT_FOUND');
      await audit(ctx, 'commissionRule.delete', doc);
      return doc;
    },
  };
}
export type CommissionService = ReturnType<typeof createCommissionService>;
