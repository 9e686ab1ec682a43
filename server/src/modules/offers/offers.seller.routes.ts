import { z } from 'zod';
import {
  KeyUploadResultSchema,
  KeyUploadSchema,
  OfferRestockResultSchema,
  OfferRestockSchema,
  OfferStatusSchema,
  SellerOfferCreateSchema,
  SellerOfferSchema,
  SellerOfferUpdateSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { bySeller } from '../../middleware/rate-limit.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { SellerOfferService } from './offers.service.ts';

/** The seller's offer list filters (always scoped to the caller's shop). */
export const OfferFilterSchema = z.object({
  // getMany, e.g. the seller's key list showing the offer it is filtered on.
  id: IdFilterSchema.optional(),
  status: OfferStatusSchema.optional(),
  productId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'Not a product id')
    .optional(),
  /** Units in stock from / up to (the home's "out of keys" and "running low" links). */
  stockAtLeast: z.number().int().min(0).optional(),
  stockAtMost: z.number().int().min(0).optional(),
});

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const offer = rest(['the caller’s offers', 'one of the caller’s offers'], SellerOfferSchema);

/** The seller console's `offers` resource (ra-data-simple-rest) and its bulk key upload. */
export const sellerOfferRoutes = (service: SellerOfferService) =>
  routes('/seller/offers', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      offer.list({
        filter: OfferFilterSchema,
        sorts: ['createdAt'],
        description:
          'Newest first, or oldest first with `sort` `createdAt` ASC (the only sort: each filter has its index by date).',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(shopOf(c), q, q.filter);
        return listResponse(c, 'offers', q, rows, total);
      },
    )
    .get('/:id', offer.getOne(), async (c) =>
      c.json(await service.get(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/',
      offer.create({
        summary: 'Sell on a product',
        description:
          'Uploaded keys (the default): prices are integer cents; USD and GBP are computed from EUR when left out. From a supplier (`source.kind: "supplier"`): through one of the caller’s connections, the sku checked at the supplier (400 on the field to fix), priced by the offer’s rule in every currency, `prices` ignored; on demand, its stock is the supplier’s (capped). One offer per product and seller (409). 503 when the supplier does not answer.',
        body: SellerOfferCreateSchema,
        errors: [404, 409, 503],
      }),
      async (c) => c.json(await service.create(shopOf(c), c.req.valid('json')), 201),
    )
    .put(
      '/:id',
      offer.update({
        summary: 'Edit one of the caller’s offers',
        description:
          'Other fields of the record (react-admin sends it whole) are ignored. An offer the marketplace has hidden keeps its status (409). `source` replaces the offer’s source (checked as on create); a supplier-backed offer’s prices follow its rule.',
        body: SellerOfferUpdateSchema,
        errors: [409, 503],
      }),
      async (c) => c.json(await service.update(shopOf(c), c.req.param('id'), c.req.valid('json'))),
    )
    .post(
      '/:id/restock',
      {
        summary: 'Buy keys for one of the caller’s stocked supplier offers',
        description:
          'One batch at the supplier (reference `stock:<offerId>:<batch>`), at most the offer’s cost ceiling per unit; the codes are stored encrypted and deduplicated with the supplier’s purchase id. While a batch is unfinished (pre-order codes, a supplier that stopped answering), a restock finishes it instead of buying again. 409 for an offer not stocked from a supplier or the supplier’s refusal; 503 when it does not answer.',
        body: OfferRestockSchema,
        response: { status: 200, description: 'The batch', schema: OfferRestockResultSchema },
        errors: [404, 409, 503],
      },
      async (c) =>
        c.json(
          await service.restock(
            auditContext(c),
            shopOf(c),
            c.req.param('id'),
            c.req.valid('json').quantity,
          ),
        ),
    )
    .post(
      '/:id/keys',
      {
        summary: 'Upload keys to one of the caller’s offers (at most 5,000 a call)',
        description:
          'Codes are trimmed and stored as uploaded; two codes differing only by case or separators (space, hyphen, underscore, dot) are one key. Duplicates (within the upload or among the caller’s keys) and rejected codes (malformed, or not accepted) are counted, not refused. Keys are encrypted at rest and never returned.',
        body: KeyUploadSchema,
        response: { status: 200, description: 'Counts only', schema: KeyUploadResultSchema },
        limit: { name: 'keyUpload', per: [bySeller] },
      },
      async (c) =>
        c.json(
          await service.uploadKeys(
            auditContext(c),
            shopOf(c),
            c.req.param('id'),
            c.req.valid('json').codes,
          ),
        ),
    );
