import { z } from 'zod';
import {
  AdminClaimSchema,
  ClaimActionSchema,
  ClaimCreateSchema,
  ClaimDecisionSchema,
  ClaimSchema,
  ClaimStatusSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { ClaimService } from './claims.service.ts';

/** The list filters: by status, or one order's claims. */
export const ClaimFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  orderId: z.string().min(1).max(64).optional(),
  status: ClaimStatusSchema.optional(),
});
export const AdminClaimFilterSchema = ClaimFilterSchema.extend({
  sellerId: z.string().min(1).max(128).optional(),
});

const LIST_DESCRIPTION =
  'Newest first, or oldest first with `sort` `createdAt` ASC (the only sort: each filter has its index by date).';
const MOVE_ERRORS =
  'A move the claim’s state does not allow (or one another move beat) answers 409.';

/** `/api/user/orders/:id/keys/:keyId/claim` and `/api/user/claims`: the buyer's reports. */
export const userClaimRoutes = (service: ClaimService) =>
  routes('/user', { tag: 'user', access: 'user', verifiedEmail: true })
    .post(
      '/orders/:id/keys/:keyId/claim',
      {
        summary: 'Report a revealed key of one of the caller’s orders as not working',
        description:
          'Within the holdback window after delivery (SELLER_HOLDBACK_DAYS), for a key the buyer revealed; one claim per key, ever (a rejection is final for the buyer: only an admin reopens it). Refused with 409 and a message saying why: unrevealed, outside the window, refunded line, a claim already open, rejected or ended. The seller is told by mail.',
        body: ClaimCreateSchema,
        response: { status: 201, description: 'The new claim', schema: ClaimSchema },
        errors: [409],
      },
      async (c) =>
        c.json(
          await service.report(
            currentUser(c).uid,
            c.req.param('id'),
            c.req.param('keyId'),
            c.req.valid('json'),
          ),
          201,
        ),
    )
    .get(
      '/claims',
      rest(['the caller’s claims', 'one of the caller’s claims'], ClaimSchema).list({
        filter: ClaimFilterSchema,
        description: LIST_DESCRIPTION,
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.listOwn(currentUser(c).uid, q, q.filter);
        return listResponse(c, 'claims', q, rows, total);
      },
    )
    .get(
      '/claims/:id',
      rest(['the caller’s claims', 'one of the caller’s claims'], ClaimSchema).getOne(),
      async (c) => c.json(await service.getOwn(currentUser(c).uid, c.req.param('id'))),
    )
    .post(
      '/claims/:id/escalate',
      {
        summary: 'Ask an admin to decide one of the caller’s open claims',
        description: MOVE_ERRORS,
        body: ClaimActionSchema,
        response: { status: 200, description: 'The claim', schema: ClaimSchema },
        errors: [409],
      },
      async (c) =>
        c.json(
          await service.escalateOwn(
            currentUser(c).uid,
            c.req.param('id'),
            c.req.valid('json').note,
          ),
        ),
    );

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const sellerClaim = rest(['the caller’s claims', 'a claim'], ClaimSchema);

/** A seller's answer to a claim. */
const action = (summary: string, description: string) => ({
  summary,
  description: `${description} ${MOVE_ERRORS}`,
  body: ClaimActionSchema,
  response: { status: 200 as const, description: 'The claim after it', schema: ClaimSchema },
  errors: [409, 503] as const,
});

/** `/api/seller/claims`: claims on the caller's keys (never the buyer), and the answers. */
export const sellerClaimRoutes = (service: ClaimService) =>
  routes('/seller/claims', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      sellerClaim.list({
        filter: ClaimFilterSchema,
        description: LIST_DESCRIPTION,
        sorts: ['createdAt'],
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.listOfSeller(shopOf(c), q, q.filter);
        return listResponse(c, 'claims', q, rows, total);
      },
    )
    .get('/:id', sellerClaim.getOne(), async (c) =>
      c.json(await service.getOfSeller(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/:id/replace',
      action(
        'Replace the claimed key',
        'A key of the offer (from the stock, else bought from the supplier of an on-demand offer) goes into the buyer’s order line; the claimed key is revoked. 409 when no key is left to give.',
      ),
      async (c) =>
        c.json(
          await service.sellerAction(
            shopOf(c),
            c.req.param('id'),
            'replace',
            c.req.valid('json').note,
            auditContext(c),
          ),
        ),
    )
    .post(
      '/:id/refund',
      action(
        'Refund the claimed key’s line',
        'Through the refunds: the buyer gets the line back, the seller is debited it. 503 when the payment provider cannot be reached (the claims job finishes it).',
      ),
      async (c) =>
        c.json(
          await service.sellerAction(
            shopOf(c),
            c.req.param('id'),
            'refund',
            c.req.valid('json').note,
            auditContext(c),
          ),
        ),
    )
    .post(
      '/:id/escalate',
      action('Ask an admin to decide the claim', 'The automatic refund no longer applies.'),
      async (c) =>
        c.json(
          await service.sellerAction(
            shopOf(c),
            c.req.param('id'),
            'escalate',
            c.req.valid('json').note,
            auditContext(c),
          ),
        ),
    );

const adminClaim = rest(['every claim', 'a claim'], AdminClaimSchema);

/** `/api/admin/claims`: every claim, and the admin's decision on escalated ones. */
export const adminClaimRoutes = (service: ClaimService) =>
  routes('/admin/claims', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      adminClaim.list({
        filter: AdminClaimFilterSchema,
        description: LIST_DESCRIPTION,
        sorts: ['createdAt'],
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.adminList(q, q.filter);
        return listResponse(c, 'claims', q, rows, total);
      },
    )
    .get('/:id', adminClaim.getOne(), async (c) =>
      c.json(await service.adminGet(c.req.param('id'))),
    )
    .post(
      '/:id/decide',
      {
        summary: 'Decide an escalated claim',
        description: `\`refund\` or \`replace\` upholds it (as the seller would have), \`reject\` closes it. ${MOVE_ERRORS} 503 when the payment provider cannot be reached.`,
        body: ClaimDecisionSchema,
        response: { status: 200, description: 'The claim as decided', schema: AdminClaimSchema },
        errors: [409, 503],
      },
      async (c) =>
        c.json(await service.decide(c.req.param('id'), c.req.valid('json'), auditContext(c))),
    )
    .post(
      '/:id/reopen',
      {
        summary: 'Reopen a rejected claim',
        description:
          'A key is claimed once: after a rejection the buyer cannot report it again (409), only an admin brings the claim back, to `escalated`, to decide it again (`decide`). The seller’s deadline does not start over. Audited (`claim.reopen`) with the note. 409 for a claim that is not rejected.',
        body: ClaimActionSchema,
        response: { status: 200, description: 'The claim, escalated', schema: AdminClaimSchema },
        errors: [409],
      },
      async (c) =>
        c.json(await service.reopen(c.req.param('id'), c.req.valid('json').note, auditContext(c))),
    );
