import {
  AdminCategorySchema,
  KeyUploadResultSchema,
  KeyUploadSchema,
  MaskedKeySchema,
  ProductProposalCreateSchema,
  ProductProposalSchema,
  SellerCatalogueProductSchema,
  SellerKeyRevokeSchema,
  SellerOfferCreateSchema,
  SellerOfferSchema,
  SellerOfferUpdateSchema,
} from '@market/shared';
import { CategoryFilterSchema } from '../modules/categories/categories.routes.ts';
import { SellerKeyFilterSchema } from '../modules/keys/keys.routes.ts';
import { OfferFilterSchema } from '../modules/offers/offers.seller.routes.ts';
import { ProposalFilterSchema } from '../modules/product-proposals/product-proposals.routes.ts';
import { SellerCatalogueFilterSchema } from '../modules/products/products.seller.routes.ts';
import { rest, type ApiOperation } from './api-operation.ts';

const seller = { tag: 'seller', access: 'seller' } as const;

/** The seller console's calls (`/api/seller/…`), each scoped to the caller's shop. */
export const SELLER_OPERATIONS: ApiOperation[] = [
  ...rest({
    ...seller,
    path: '/api/seller/offers',
    nouns: ['the caller’s offers', 'one of the caller’s offers'],
    schema: SellerOfferSchema,
    list: {
      filter: OfferFilterSchema,
      description:
        'Newest first unless `sort` names `createdAt`, `status`, `stock`, `zeroVat` or `prices.eur|usd|gbp`.',
    },
    create: {
      summary: 'Sell on a product',
      description:
        'Prices are integer cents; USD and GBP are computed from EUR when left out. One offer per product and seller (409).',
      body: SellerOfferCreateSchema,
      errors: [404, 409],
    },
    update: {
      summary: 'Edit one of the caller’s offers',
      description:
        'Other fields of the record (react-admin sends it whole) are ignored. An offer the marketplace has hidden keeps its status (409).',
      body: SellerOfferUpdateSchema,
      errors: [409],
    },
  }),
  {
    ...seller,
    method: 'post',
    path: '/api/seller/offers/{id}/keys',
    summary: 'Upload keys to one of the caller’s offers (at most 5,000 a call)',
    description:
      'Codes are trimmed and stored as uploaded; two codes differing only by case or separators (space, hyphen, underscore, dot) are one key. Duplicates (within the upload or among the caller’s keys) and rejected codes (malformed, or not accepted) are counted, not refused. Keys are encrypted at rest and never returned.',
    body: KeyUploadSchema,
    response: { status: 200, description: 'Counts only', schema: KeyUploadResultSchema },
  },
  ...rest({
    ...seller,
    path: '/api/seller/keys',
    nouns: ['the caller’s keys (masked)', 'one of the caller’s keys (masked)'],
    schema: MaskedKeySchema,
    list: {
      filter: SellerKeyFilterSchema,
      description:
        'Only the last 4 characters of a code are shown. Newest first unless `sort` names `createdAt` or `status`.',
    },
  }),
  {
    ...seller,
    method: 'post',
    path: '/api/seller/keys/{id}/revoke',
    summary: 'Revoke one of the caller’s available keys',
    description:
      'Takes the key out of stock for good; the offer’s stock follows. Only an available key can be revoked (409 otherwise).',
    body: SellerKeyRevokeSchema,
    response: { status: 200, description: 'The revoked key, masked', schema: MaskedKeySchema },
    errors: [409],
  },
  ...rest({
    ...seller,
    path: '/api/seller/products',
    nouns: ['the catalogue to sell on', 'a product of the catalogue'],
    schema: SellerCatalogueProductSchema,
    list: {
      filter: SellerCatalogueFilterSchema,
      description:
        '`myOfferId` is the caller’s own offer on the product, or null. Newest first unless `sort` names `name.en`, `createdAt` or `eurMin`.',
    },
  }),
  ...rest({
    ...seller,
    path: '/api/seller/product-proposals',
    nouns: ['the caller’s product proposals', 'one of the caller’s product proposals'],
    schema: ProductProposalSchema,
    list: {
      filter: ProposalFilterSchema,
      description:
        'Newest first unless `sort` names `createdAt`, `status`, `name.en` or `decidedAt`.',
    },
    create: {
      summary: 'Propose a product missing from the catalogue',
      description:
        'An admin approves it (which creates the product) or rejects it with a reason the seller reads here.',
      body: ProductProposalCreateSchema,
    },
  }),
  ...rest({
    ...seller,
    path: '/api/seller/categories',
    nouns: ['the categories', 'a category'],
    schema: AdminCategorySchema,
    list: { filter: CategoryFilterSchema, description: 'The four categories, by position.' },
  }),
];
