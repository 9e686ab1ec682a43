import { z } from 'zod';
import {
  AddSellerSchema,
  SELLER_DECISIONS,
  SellerApplicationSchema,
  SellerDecisionSchema,
  SellerSchema,
  SellerStatusSchema,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { remoteIp } from '../../lib/remote-ip.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import { currentUser } from '../../middleware/auth.ts';
import { byAddress, byUser } from '../../middleware/rate-limit.ts';
import { NewAccountSchema } from '../users/users.routes.ts';
import type { SellerRepository } from './sellers.repository.ts';
import { toSeller, type SellerService } from './sellers.service.ts';

/** `POST /api/seller/profile/addseller`: how a seller applies, open to guests. */
export const sellerApplyRoutes = (service: SellerService) =>
  routes('/seller/profile', { tag: 'session', access: 'public' }).post(
    '/addseller',
    {
      summary: 'Apply for a shop (open to guests)',
      description:
        'Without `id`: a new password account with a pending shop. With `id` (the caller’s own uid, else 403): the caller’s account applies. 409 when the email has an account or the caller already has a shop. An admin approves or rejects the application; the applicant follows it at `GET /api/user/seller-application`.',
      body: AddSellerSchema,
      response: { status: 201, description: 'The applicant’s uid', schema: NewAccountSchema },
      errors: [403, 409],
      limit: { name: 'sellerApplication', per: [byAddress, byUser] },
      // A signed-in caller applying with their own account must have verified its email.
      verifiedEmail: true,
    },
    async (c) => c.json(await service.apply(c.req.valid('json'), c.get('user'), remoteIp(c)), 201),
  );

/** `GET /api/user/seller-application`: an applicant follows their application. */
export const sellerApplicationRoutes = (service: SellerService) =>
  routes('/user/seller-application', { tag: 'user', access: 'user' }).get(
    '/',
    {
      summary: 'The caller’s seller application and its status',
      description: '404 when the caller never applied.',
      response: { status: 200, description: 'The application', schema: SellerApplicationSchema },
      errors: [404],
    },
    async (c) => c.json(await service.application(currentUser(c))),
  );

/** The seller list's filters: `q` searches name, email, registered name and VAT number. */
export const SellerFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
  status: SellerStatusSchema.optional(),
  /** true: only sellers whose change of legal details waits for a decision. */
  legalChangePending: z.boolean().optional(),
});
/** The `:decision` path segment of the decision call. */
export const DecisionParamSchema = z.enum(SELLER_DECISIONS);

const seller = rest(['sellers', 'a seller'], SellerSchema);

/** The admin console's `sellers` resource with its approve / reject / suspend actions. */
export const adminSellerRoutes = (service: SellerService, sellers: SellerRepository) =>
  routes('/admin/sellers', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      seller.list({
        filter: SellerFilterSchema,
        description:
          '`q` searches name, email, registered name and VAT number; `legalChangePending: true` keeps the sellers whose change of legal details waits for a decision. Newest first unless `sort` names `createdAt`, `name`, `status` or `email`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await sellers.page(q, q.filter);
        return listResponse(c, 'sellers', q, rows.map(toSeller), total);
      },
    )
    .get('/:id', seller.getOne(), async (c) => c.json(await service.get(c.req.param('id'))))
    .post(
      '/:id/:decision',
      {
        summary: 'Approve, reject or suspend a seller',
        description:
          'approve: from pending, rejected or suspended; reject: from pending; suspend: from approved (409 from any other status). A suspension shuts the seller’s console at once and revokes the account’s API tokens (audited). The seller is mailed the decision and its reason.',
        params: z.object({ decision: DecisionParamSchema }),
        body: SellerDecisionSchema,
        response: { status: 200, description: 'The seller', schema: SellerSchema },
        errors: [409],
      },
      async (c) => {
        const decision = DecisionParamSchema.safeParse(c.req.param('decision'));
        if (!decision.success) throw new AppError('NOT_FOUND');
        const { reason } = c.req.valid('json');
        return c.json(
          await service.decide(c.req.param('id'), decision.data, reason, auditContext(c)),
        );
      },
    );
