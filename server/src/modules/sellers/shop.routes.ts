import { z } from 'zod';
import {
  LEGAL_CHANGE_DECISIONS,
  LegalChangeDecisionRequestSchema,
  SellerSchema,
  SellerShopSchema,
  SellerShopUpdateSchema,
} from '@market/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { AppError } from '../../lib/errors.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { LegalChanges } from './legal-changes.ts';
import type { ShopProfile } from './shop-profile.ts';

/**
 * The caller's own shop: `:id` is `me` (what the console asks) or the caller's seller id; any
 * other shop answers like a missing one.
 */
const ownShop = (c: Context<AppEnv>) => {
  const sellerId = currentUser(c).sellerId!;
  const id = c.req.param('id');
  if (id !== 'me' && id !== sellerId) throw new AppError('NOT_FOUND');
  return sellerId;
};

const shop = rest(['shops', 'the caller’s shop profile'], SellerShopSchema);

/** `/api/seller/shop/me`: the seller edits their shop; legal details go to an admin first. */
export const sellerShopRoutes = (profile: ShopProfile) =>
  routes('/seller/shop', { tag: 'seller', access: 'seller' })
    .get(
      '/:id',
      shop.getOne({
        description:
          '`:id` is `me` (the answer’s `id` too: the caller’s shop is the one record). The legal fields asked for, `approved` the ones in force, and `pendingLegalChange` when a change waits for an admin.',
      }),
      async (c) => c.json(await profile.get(ownShop(c))),
    )
    .put(
      '/:id',
      shop.update({
        body: SellerShopUpdateSchema,
        description:
          '`:id` is `me`. Name, description, image and support email apply at once. Registered name, VAT number and address differing from the approved ones become `pendingLegalChange` (replacing one waiting) for an admin to approve; sent equal to the approved ones they withdraw it.',
      }),
      async (c) => c.json(await profile.update(ownShop(c), c.req.valid('json'))),
    );

/** The `:decision` path segment of a legal change decision. */
export const LegalChangeDecisionParamSchema = z.enum(LEGAL_CHANGE_DECISIONS);

/** `/api/admin/sellers/:id/legal-change/approve|reject`. */
export const adminLegalChangeRoutes = (legalChanges: LegalChanges) =>
  routes('/admin/sellers', { tag: 'admin', access: 'admin' }).post(
    '/:id/legal-change/:decision',
    {
      summary: 'Approve or reject a seller’s change of trader data',
      description:
        'approve: the registered name, VAT number and address the seller asked for become theirs; reject: the approved ones stay. `changeId` is the `pendingLegalChange.id` the admin saw: 409 when that change is not waiting any more (decided, withdrawn or replaced). Audited; the seller is mailed the decision and its reason.',
      params: z.object({ decision: LegalChangeDecisionParamSchema }),
      body: LegalChangeDecisionRequestSchema,
      response: { status: 200, description: 'The seller', schema: SellerSchema },
      errors: [409],
    },
    async (c) => {
      const decision = LegalChangeDecisionParamSchema.safeParse(c.req.param('decision'));
      if (!decision.success) throw new AppError('NOT_FOUND');
      return c.json(
        await legalChanges.decide(
          c.req.param('id'),
          decision.data,
          c.req.valid('json'),
          auditContext(c),
        ),
      );
    },
  );
