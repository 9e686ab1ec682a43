import { z } from 'zod';
import {
  PLATFORMS,
  ProductProposalSchema,
  RegionSchema,
  SellerSupplierProductSchema,
  SupplierImportCreateSchema,
  SupplierImportSchema,
  SupplierImportStatusSchema,
  SupplierMappingUpdateSchema,
  SupplierProductProposeSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import type { SupplierCatalogueService } from './supplier-catalogue.service.ts';
import type { SupplierImportService } from './supplier-imports.service.ts';

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const PLATFORM_SLUGS = PLATFORMS.map((p) => p.slug) as [string, ...string[]];

/** The supplier catalogue's filters: always one of the caller's connections. */
export const SupplierProductFilterSchema = z.object({
  connectionId: z.string().min(1, 'Required').max(64),
  id: IdFilterSchema.optional(),
  /** Words of the name (normalised as suggestions read names). */
  q: z.string().trim().max(200).optional(),
  /** A marketplace platform's slug the supplier's spelling may be. */
  platform: z.enum(PLATFORM_SLUGS).optional(),
  region: RegionSchema.optional(),
  inStock: z.boolean().optional(),
  /** Mapped by the caller to a marketplace product (true) or not (false). */
  mapped: z.boolean().optional(),
});

const supplierProduct = rest(
  ['a connected supplier’s products', 'a connected supplier’s product'],
  SellerSupplierProductSchema,
);

/**
 * `/api/seller/supplier-products`: the catalogue of a supplier the caller is connected to, with
 * cost, stock, the caller's mapping and suggestions; map, or propose a new product.
 */
export const sellerSupplierProductRoutes = (service: SupplierCatalogueService) =>
  routes('/seller/supplier-products', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      supplierProduct.list({
        filter: SupplierProductFilterSchema,
        description:
          'The products of the supplier of `filter.connectionId` (one of the caller’s connections; another seller’s answers 404) as the last import saw them, by name unless `sort` names `sku`, `quantity`, `cost.cents` or `seenAt`. `suggestions` are the marketplace products of the same normalised name, platform and a region the key serves, best first.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(shopOf(c), q, q.filter);
        return listResponse(c, 'supplier-products', q, rows, total);
      },
    )
    .get(
      '/:id',
      supplierProduct.getOne({
        description: '404 unless the caller is connected to the product’s supplier.',
      }),
      async (c) => c.json(await service.get(shopOf(c), c.req.param('id'))),
    )
    .put(
      '/:id',
      supplierProduct.update({
        summary: 'Map a supplier product to a marketplace product, or clear the mapping (null)',
        body: SupplierMappingUpdateSchema,
      }),
      async (c) =>
        c.json(await service.map(shopOf(c), c.req.param('id'), c.req.valid('json').productId)),
    )
    .post(
      '/:id/propose',
      {
        summary: 'Propose a new marketplace product made from a supplier product',
        description:
          'A product proposal with the supplier product’s name, and its platform and region unless given (required when the supplier’s spelling maps to none). An admin decides it as any proposal.',
        body: SupplierProductProposeSchema,
        response: { status: 201, description: 'The proposal', schema: ProductProposalSchema },
      },
      async (c) =>
        c.json(await service.propose(shopOf(c), c.req.param('id'), c.req.valid('json')), 201),
    );

export const SupplierImportFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  connectionId: z.string().min(1).max(64).optional(),
  status: SupplierImportStatusSchema.optional(),
});

const supplierImport = rest(
  ['the caller’s catalogue imports', 'one of the caller’s catalogue imports'],
  SupplierImportSchema,
);

/** `/api/seller/supplier-imports`: import a connection's catalogue and follow its progress. */
export const sellerSupplierImportRoutes = (service: SupplierImportService) =>
  routes('/seller/supplier-imports', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      supplierImport.list({
        filter: SupplierImportFilterSchema,
        description:
          'Newest first unless `sort` names `startedAt`, `updatedAt`, `status` or `supplier`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.list(shopOf(c), q, q.filter);
        return listResponse(c, 'supplier-imports', q, rows, total);
      },
    )
    .get(
      '/:id',
      supplierImport.getOne({ description: 'Poll it for progress: `done` of `total`.' }),
      async (c) => c.json(await service.get(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/',
      {
        summary: 'Import a connection’s catalogue, or follow the import already running',
        description:
          'Runs in the background, page by page, resumed after a restart; products the supplier no longer lists are dropped at the end. 404 for another seller’s connection; 409 while its supplier is switched off or unreachable.',
        body: SupplierImportCreateSchema,
        response: { status: 200, description: 'The running import', schema: SupplierImportSchema },
        errors: [404, 409],
      },
      async (c) => c.json(await service.start(shopOf(c), c.req.valid('json').connectionId)),
    );
