import { ObjectId } from 'mongodb';
import {
  ProductProposalCreateSchema,
  SUPPLIER_NAMES,
  type ProductProposal,
  type Region,
  type SellerSupplierProduct,
  type SupplierProductPropose,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { ProposalService } from '../product-proposals/product-proposals.service.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import type { CatalogueConnections } from './catalogue-connections.ts';
import { createMatcher, type Matcher } from './matcher.ts';
import { normaliseName } from './normalise.ts';
import type { SupplierMappingRepository } from './supplier-mappings.repository.ts';
import type {
  SupplierProductDoc,
  SupplierProductRepository,
} from './supplier-products.repository.ts';

/** How long suggestions read a cached catalogue (unless products were added or removed). */
const MATCHER_TTL_MS = 60_000;

export type SupplierProductListFilter = {
  connectionId: string;
  id?: string | string[] | undefined;
  q?: string | undefined;
  platform?: string | undefined;
  region?: Region | undefined;
  inStock?: boolean | undefined;
  mapped?: boolean | undefined;
};

/**
 * A seller's view of a connected supplier's catalogue: cost and stock, their mapping to a
 * marketplace product, the suggested matches, and proposals of new products made from it.
 */
export function createSupplierCatalogueService(deps: {
  products: Pick<SupplierProductRepository, 'page' | 'findById'>;
  mappings: SupplierMappingRepository;
  catalogue: Pick<ProductFacade, 'findById' | 'findByIds' | 'identities' | 'count'>;
  connections: Pick<CatalogueConnections, 'get' | 'ofSupplier'>;
  proposals: Pick<ProposalService, 'propose'>;
  clock?: () => Date;
}) {
  const { products, mappings, catalogue, connections, proposals } = deps;
  const now = deps.clock ?? (() => new Date());

  let cached: { matcher: Matcher; count: number; at: number } | null = null;
  /** The marketplace catalogue indexed for suggestions, rebuilt when stale or resized. */
  async function matcher(): Promise<Matcher> {
    const count = await catalogue.count();
    const at = now().getTime();
    if (cached && cached.count === count && at - cached.at < MATCHER_TTL_MS) return cached.matcher;
    const built = createMatcher(await catalogue.identities());
    cached = { matcher: built, count, at };
    return built;
  }

  /** The rows as the seller sees them: their mappings, and the suggestions. */
  async function present(
    sellerId: string,
    docs: SupplierProductDoc[],
  ): Promise<SellerSupplierProduct[]> {
    const [first] = docs;
    if (!first) return [];
    const decisions = new Map(
      (
        await mappings.ofSkus(
          sellerId,
          first.supplier,
          docs.map((d) => d.sku),
        )
      ).map((m) => [m.sku, m]),
    );
    const mappedIds = [...decisions.values()].flatMap((m) => m.productId ?? []);
    const mapped = new Map(
      (mappedIds.length ? await catalogue.findByIds(mappedIds) : []).map((p) => [
        p._id.toHexString(),
        p,
      ]),
    );
    const match = await matcher();
    return docs.map((d) => {
      const decision = decisions.get(d.sku);
      const product = decision?.productId && mapped.get(decision.productId.toHexString());
      return {
        id: d._id.toHexString(),
        supplier: d.supplier,
        sku: d.sku,
        name: d.name,
        platform: d.platforms[0] ?? null,
        supplierPlatform: d.supplierPlatform,
        region: d.region,
        supplierRegions: d.supplierRegions,
        quantity: d.quantity,
        cost: d.cost,
        imageUrl: d.imageUrl,
        preOrder: d.preOrder,
        seenAt: d.seenAt.toISOString(),
        // A mapped product deleted since reads as unmapped.
        mapping:
          product && decision.confirmedAt
            ? {
                productId: product._id.toHexString(),
                name: product.name.en,
                platform: product.platform,
                region: product.region,
                confirmedAt: decision.confirmedAt.toISOString(),
              }
            : null,
        proposalId: decision?.proposalId?.toHexString() ?? null,
        suggestions: match.suggest({
          normalisedName: d.normalisedName,
          platforms: d.platforms,
          region: d.region,
        }),
      };
    });
  }

  /** A supplier product of a supplier the seller is connected to; else 404, as if missing. */
  async function own(sellerId: string, id: string): Promise<SupplierProductDoc> {
    const oid = toObjectId(id);
    const doc = oid && (await products.findById(oid));
    if (!doc || !(await connections.ofSupplier(sellerId, doc.supplier))) {
      throw new AppError('NOT_FOUND');
    }
    return doc;
  }

  const refOf = (sellerId: string, doc: SupplierProductDoc) => ({
    sellerId,
    supplier: doc.supplier,
    sku: doc.sku,
  });

  const presentOne = async (sellerId: string, doc: SupplierProductDoc) =>
    (await present(sellerId, [doc]))[0]!;

  return {
    /** A page of the connection's supplier catalogue (404 for another seller's connection). */
    async list(sellerId: string, q: ListQuery, filter: SupplierProductListFilter) {
      const { supplier } = await connections.get(sellerId, filter.connectionId);
      const mapped =
        filter.mapped === undefined ? undefined : await mappings.mappedSkus(sellerId, supplier);
      const { rows, total } = await products.page(
        {
          supplier,
          ids: filter.id === undefined ? undefined : toObjectIds(filter.id),
          q: filter.q ? normaliseName(filter.q) || undefined : undefined,
          platform: filter.platform,
          region: filter.region,
          inStock: filter.inStock,
          skus: mapped && (filter.mapped ? { in: mapped } : { notIn: mapped }),
        },
        q,
      );
      return { rows: await present(sellerId, rows), total };
    },

    async get(sellerId: string, id: string): Promise<SellerSupplierProduct> {
      return presentOne(sellerId, await own(sellerId, id));
    },

    /** Confirms the seller sells the supplier product as `productId`, or clears it (null). */
    async map(sellerId: string, id: string, productId: string | null) {
      const doc = await own(sellerId, id);
      let oid: ObjectId | null = null;
      if (productId !== null) {
        oid = toObjectId(productId);
        if (!oid || !(await catalogue.findById(oid))) {
          throw new AppError('VALIDATION_FAILED', { errors: { productId: 'No such product' } });
        }
      }
      await mappings.setProduct(refOf(sellerId, doc), oid, now());
      return presentOne(sellerId, doc);
    },

    /**
     * Proposes a new marketplace product made from the supplier product: its name, and its
     * platform and region unless the seller gives them (they must when the supplier's spelling
     * maps to none). An admin decides as for any proposal.
     */
    async propose(
      sellerId: string,
      id: string,
      input: SupplierProductPropose,
    ): Promise<ProductProposal> {
      const doc = await own(sellerId, id);
      const source = `From ${SUPPLIER_NAMES[doc.supplier]}, sku ${doc.sku}`;
      const proposal = ProductProposalCreateSchema.parse({
        name: { en: doc.name.slice(0, 200), it: '' },
        categoryId: input.categoryId,
        brand: input.brand,
        platform: input.platform ?? doc.platforms[0],
        region: input.region ?? doc.region ?? undefined,
        type: input.type,
        denomination: input.denomination,
        note: [source, input.note].filter(Boolean).join('\n').slice(0, 1000),
      });
      const created = await proposals.propose(sellerId, proposal);
      await mappings.setProposal(refOf(sellerId, doc), new ObjectId(created.id), now());
      return created;
    },
  };
}
export type SupplierCatalogueService = ReturnType<typeof createSupplierCatalogueService>;
