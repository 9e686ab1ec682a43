import { z } from 'zod';
import {
  AdminBrandSchema,
  AdminCategorySchema,
  AdminMacrocategorySchema,
  AdminOfferSchema,
  AdminOfferUpdateSchema,
  AdminPlatformSchema,
  AdminProductSchema,
  AdminSendVerifySchema,
  AdminUserEditSchema,
  AdminUserIdSchema,
  AuditEntrySchema,
  BlocklistCreateSchema,
  BlocklistEntrySchema,
  BrandCreateSchema,
  BrandUpdateSchema,
  CategoryDeleteRequestSchema,
  CategoryDeleteResultSchema,
  CategoryEditRequestSchema,
  CategoryUpdateSchema,
  ExchangeRateSchema,
  ExchangeRateUpdateSchema,
  HomeContentSchema,
  HomeContentUpdateSchema,
  KeyReasonSchema,
  MacrocategoryWriteSchema,
  MaskedKeySchema,
  OutboxMailDetailSchema,
  OutboxMailSchema,
  PlatformCreateSchema,
  PlatformUpdateSchema,
  ProductCreateSchema,
  ProductProposalSchema,
  ProductUpdateSchema,
  ProposalRejectSchema,
  RevealedKeySchema,
  SellerDecisionSchema,
  SellerSchema,
  TagSchema,
  TagWriteSchema,
  UserInfoFullSchema,
  UserInfoSchema,
} from '@market/shared';
import { AuditFilterSchema } from '../modules/audit/audit.routes.ts';
import { BrandFilterSchema } from '../modules/brands/brands.routes.ts';
import { CategoryFilterSchema } from '../modules/categories/categories.routes.ts';
import { RateFilterSchema } from '../modules/exchange-rates/exchange-rates.routes.ts';
import { BlocklistFilterSchema } from '../modules/fraud/blocklist.routes.ts';
import { AdminKeyFilterSchema } from '../modules/keys/keys.routes.ts';
import { MacrocategoryFilterSchema } from '../modules/macrocategories/macrocategories.routes.ts';
import { AdminOfferFilterSchema } from '../modules/offers/offers.admin.routes.ts';
import { OutboxFilterSchema } from '../modules/outbox/outbox.routes.ts';
import { PlatformFilterSchema } from '../modules/platforms/platforms.routes.ts';
import { ProposalFilterSchema } from '../modules/product-proposals/product-proposals.routes.ts';
import { ProductListFilterSchema } from '../modules/products/products.admin.routes.ts';
import { DecisionParamSchema, SellerFilterSchema } from '../modules/sellers/sellers.routes.ts';
import { TagFilterSchema } from '../modules/tags/tags.routes.ts';
import { UserFilterSchema } from '../modules/users/users.routes.ts';
import { rest, type ApiOperation } from './api-operation.ts';

const admin = { tag: 'admin', access: 'admin' } as const;
const ADMIN = '/api/admin';

/** The admin console's calls (`/api/admin/…`), and the spec's admin user calls. */
export const ADMIN_OPERATIONS: ApiOperation[] = [
  // Users and sellers
  ...rest({
    ...admin,
    path: `${ADMIN}/users`,
    nouns: ['users', 'a user (full profile)'],
    schema: UserInfoFullSchema,
    list: {
      filter: UserFilterSchema,
      description:
        '`q` searches email, name and surname. Newest first unless `sort` names `email`, `createdAt`, `role`, `name` or `lastSignInAt`.',
    },
  }),
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/users/info`,
    summary: 'A user’s profile (the spec’s call)',
    body: AdminUserIdSchema,
    response: { status: 200, description: 'The user', schema: UserInfoSchema },
    errors: [404],
  },
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/users/info-full`,
    summary: 'A user’s full profile (the spec’s call)',
    body: AdminUserIdSchema,
    response: { status: 200, description: 'The user', schema: UserInfoFullSchema },
    errors: [404],
  },
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/users/edit`,
    summary: 'Block or unblock a user',
    description:
      'Blocking revokes every session of the user at once: their next call answers 403. An admin cannot block themselves (409).',
    body: AdminUserEditSchema,
    response: { status: 200, description: 'The user', schema: UserInfoFullSchema },
    errors: [404, 409],
  },
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/users/send-verify`,
    summary: 'Send the email-verification mail again',
    description: '404 when no account has the email, 409 when it is already verified.',
    body: AdminSendVerifySchema,
    response: { status: 204, description: 'Sent (see the outbox)' },
    errors: [404, 409],
  },
  ...rest({
    ...admin,
    path: `${ADMIN}/sellers`,
    nouns: ['sellers', 'a seller'],
    schema: SellerSchema,
    list: {
      filter: SellerFilterSchema,
      description:
        '`q` searches name, email, registered name and VAT number. Newest first unless `sort` names `createdAt`, `name`, `status` or `email`.',
    },
  }),
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/sellers/{id}/{decision}`,
    summary: 'Approve, reject or suspend a seller',
    description:
      'approve: from pending, rejected or suspended; reject: from pending; suspend: from approved (409 from any other status). A suspension shuts the seller’s console at once. The seller is mailed the decision and its reason.',
    params: z.object({ decision: DecisionParamSchema }),
    body: SellerDecisionSchema,
    response: { status: 200, description: 'The seller', schema: SellerSchema },
    errors: [409],
  },
  ...rest({
    ...admin,
    path: `${ADMIN}/outbox`,
    nouns: ['the mails sent', 'a mail, with its HTML'],
    schema: OutboxMailSchema,
    list: {
      filter: OutboxFilterSchema,
      description:
        'Every mail the shop sent (or, without SMTP, would have sent); `q` searches recipient and subject. Newest first.',
    },
    getOne: { schema: OutboxMailDetailSchema },
  }),

  // Catalogue
  ...rest({
    ...admin,
    path: `${ADMIN}/products`,
    nouns: ['products', 'a product'],
    schema: AdminProductSchema,
    list: {
      filter: ProductListFilterSchema,
      description:
        '`q` searches the names. Newest first unless `sort` names `name.en`, `createdAt` or `eurMin`.',
    },
    create: {
      description:
        'The slug, when left out, comes from the English name. A brand name no brand has yet creates the brand; the platform must exist. 409 when the slug is taken.',
      body: ProductCreateSchema,
      errors: [409],
    },
    update: {
      description:
        'Any of the fields; read-only ones of the record (react-admin sends it whole) are ignored. 409 when the slug is taken.',
      body: ProductUpdateSchema,
      errors: [409],
    },
    remove: {
      description: 'Only a product nobody offers (409 while offers of any status exist).',
      errors: [409],
    },
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/product-proposals`,
    nouns: ['sellers’ product proposals', 'a product proposal'],
    schema: ProductProposalSchema,
    list: {
      filter: ProposalFilterSchema,
      description:
        'Newest first unless `sort` names `createdAt`, `status`, `name.en` or `decidedAt`.',
    },
  }),
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/product-proposals/{id}/approve`,
    summary: 'Approve a pending proposal: creates the product',
    description: '409 once the proposal is decided, or when the product cannot be created.',
    response: { status: 200, description: 'The proposal', schema: ProductProposalSchema },
    errors: [409],
  },
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/product-proposals/{id}/reject`,
    summary: 'Reject a pending proposal with a reason the seller reads',
    body: ProposalRejectSchema,
    response: { status: 200, description: 'The proposal', schema: ProductProposalSchema },
    errors: [409],
  },
  ...rest({
    ...admin,
    path: `${ADMIN}/categories`,
    nouns: ['categories', 'a category'],
    schema: AdminCategorySchema,
    list: { filter: CategoryFilterSchema, description: 'The four categories, by position.' },
    update: {
      summary: 'Rename or move a category',
      description: 'The ids are the spec’s four fixed ones: there is no create.',
      body: CategoryUpdateSchema,
    },
    remove: {
      description: 'Only an empty category (409 naming the product count otherwise).',
      errors: [409],
    },
  }),
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/categories/edit`,
    summary: 'Rename or move a category (the spec’s call)',
    description:
      '`category` is the translated part (id and the name in every locale), `categoryNotTrans` the rest (the position).',
    body: CategoryEditRequestSchema,
    response: { status: 200, description: 'The category', schema: AdminCategorySchema },
    errors: [404],
  },
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/categories/delete`,
    summary: 'Delete categories (the spec’s call): all or none',
    description: '409 naming the product count while any of them has products.',
    body: CategoryDeleteRequestSchema,
    response: { status: 200, description: 'The deleted ids', schema: CategoryDeleteResultSchema },
    errors: [409],
  },
  ...rest({
    ...admin,
    path: `${ADMIN}/macrocategories`,
    nouns: ['macrocategories', 'a macrocategory'],
    schema: AdminMacrocategorySchema,
    list: {
      filter: MacrocategoryFilterSchema,
      description: 'By English name unless `sort` names `id`, `name.en` or `name.it`.',
    },
    create: {
      description: 'The id is the slug of the English name, set once (409 when taken).',
      body: MacrocategoryWriteSchema,
      errors: [409],
    },
    update: { description: 'Renames; the id stays.', body: MacrocategoryWriteSchema },
    remove: {},
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/platforms`,
    nouns: ['platforms', 'a platform'],
    schema: AdminPlatformSchema,
    list: {
      filter: PlatformFilterSchema,
      description: 'By position unless `sort` names `id`, `name` or `position`.',
    },
    create: {
      description: 'The id defaults to the slug of the name (409 when taken).',
      body: PlatformCreateSchema,
      errors: [409],
    },
    update: { description: 'The id is fixed: products refer to it.', body: PlatformUpdateSchema },
    remove: {
      description: 'Only a platform no product is on (409 naming the count otherwise).',
      errors: [409],
    },
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/brands`,
    nouns: ['brands', 'a brand'],
    schema: AdminBrandSchema,
    list: {
      filter: BrandFilterSchema,
      description: 'By name unless `sort` names `id` or `name`.',
    },
    create: {
      description: 'The id defaults to the slug of the name; names are unique (409).',
      body: BrandCreateSchema,
      errors: [409],
    },
    update: {
      description: 'Renames the brand; products that named it follow. Names are unique (409).',
      body: BrandUpdateSchema,
      errors: [409],
    },
    remove: {
      description: 'Only a brand no product names (409 naming the count otherwise).',
      errors: [409],
    },
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/tags`,
    nouns: ['product tags', 'a tag'],
    schema: TagSchema,
    list: {
      filter: TagFilterSchema,
      description: 'By English name unless `sort` names `id`, `name.en` or `name.it`.',
    },
    create: {
      description: 'The id is the slug of the English name, set once (409 when taken).',
      body: TagWriteSchema,
      errors: [409],
    },
    update: { description: 'Renames; the id stays.', body: TagWriteSchema },
    remove: { description: 'Also takes the tag off every product that carries it.' },
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/home-content`,
    nouns: ['the home content (one record, `home`)', 'the home content (`home`)'],
    schema: HomeContentSchema,
    list: {
      description: 'A singleton: the list holds the one record `home`; its filter is ignored.',
    },
    update: {
      summary: 'Save the home content (`PUT /home`)',
      description:
        'Featured products in order (each must exist, else 400) and the banners in both languages. Any id but `home` answers 404.',
      body: HomeContentUpdateSchema,
    },
  }),

  // Offers, keys, rates and the audit log
  ...rest({
    ...admin,
    path: `${ADMIN}/offers`,
    nouns: ['every seller’s offers', 'an offer'],
    schema: AdminOfferSchema,
    list: {
      filter: AdminOfferFilterSchema,
      description:
        'With the seller’s name and the key counts per status. Newest first unless `sort` names `createdAt`, `status`, `stock`, `zeroVat` or `prices.eur|usd|gbp`.',
    },
    update: {
      summary: 'Re-price or hide an offer (audited)',
      description:
        '`hidden` takes the offer off the storefront until an admin sets it back; other fields of the record are ignored.',
      body: AdminOfferUpdateSchema,
    },
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/keys`,
    nouns: ['keys (masked)', 'a key (masked)'],
    schema: MaskedKeySchema,
    list: {
      filter: AdminKeyFilterSchema,
      description:
        'Only the last 4 characters of a code are shown. Newest first unless `sort` names `createdAt` or `status`.',
    },
  }),
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/keys/{id}/reveal`,
    summary: 'Reveal a key’s code (audited, with a reason)',
    description:
      'The only call that answers a code; the audit log records who, when and why. A sold key revealed here is revoked, not put back on sale, if its line is refunded.',
    body: KeyReasonSchema,
    response: { status: 200, description: 'The code', schema: RevealedKeySchema },
  },
  {
    ...admin,
    method: 'post',
    path: `${ADMIN}/keys/{id}/revoke`,
    summary: 'Revoke an available key (audited, with a reason)',
    description: 'The offer’s stock and the product’s prices follow; 409 for any other status.',
    body: KeyReasonSchema,
    response: { status: 200, description: 'The revoked key, masked', schema: MaskedKeySchema },
    errors: [409],
  },
  ...rest({
    ...admin,
    path: `${ADMIN}/exchange-rates`,
    nouns: ['exchange rates (USD and GBP per 1 EUR)', 'an exchange rate'],
    schema: ExchangeRateSchema,
    list: { filter: RateFilterSchema, description: 'Both rates, always on one page.' },
    update: {
      summary: 'Set an exchange rate (audited)',
      description: 'Offers whose price in that currency was computed from EUR are re-priced.',
      body: ExchangeRateUpdateSchema,
    },
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/audit-log`,
    nouns: ['the audit log', 'an audit entry'],
    schema: AuditEntrySchema,
    list: {
      filter: AuditFilterSchema,
      description: 'Newest first (`sort` on `at` may reverse it). Never holds a key code.',
    },
  }),
  ...rest({
    ...admin,
    path: `${ADMIN}/blocklist`,
    nouns: ['the blocklist', 'a blocklist entry'],
    schema: BlocklistEntrySchema,
    list: {
      filter: BlocklistFilterSchema,
      description:
        'What fraud screening refuses outright: emails, client addresses, payment instruments. Newest first; `q` matches part of the value. `addedBy.actor` System: a chargeback listed it.',
    },
    create: {
      body: BlocklistCreateSchema,
      description: 'Audited. 409 on `value` when it is listed already (emails case-insensitively).',
      errors: [409],
    },
    remove: { description: 'Audited. Screening stops refusing the value.' },
  }),
];
