import { z } from 'zod';

/**
 * Machine access to the seller API (`/api/seller/api-tokens`, `/api/seller/webhooks`): scoped
 * tokens shown once, and signed webhooks. Secrets go out once, at creation, never again.
 */

/**
 * What a token may do, by the seller routes it reaches: `offers` (offers, products, proposals,
 * categories, supplier catalogue), `keys` (key stock: listing, revoking, and uploading keys to
 * an offer), `purchases` (buying stock from the seller's supplier for an offer: it spends the
 * seller's money), `sales` (sales, claims, reviews, dashboard, balance, payouts). `read` is GET;
 * `write` is every other method. `offers:write` reaches neither key uploads nor purchases.
 */
export const API_TOKEN_SCOPES = [
  'offers:read',
  'offers:write',
  'keys:read',
  'keys:write',
  'purchases:write',
  'sales:read',
  'sales:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const ApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);

/** Every token starts with it: secret scanners and our auth middleware recognise it. */
export const API_TOKEN_PREFIX = 'mkt_live_';

const NameSchema = z.string().trim().min(1, 'A name is required').max(80, 'At most 80 characters');

/** A token as listed: no secret, only its first characters to recognise it by. */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `mkt_live_AbC1` : the start of the token. */
  prefix: z.string(),
  scopes: z.array(ApiTokenScopeSchema),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenCreateSchema = z.object({
  name: NameSchema,
  scopes: z
    .array(ApiTokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(API_TOKEN_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope once'),
});
export type ApiTokenCreate = z.infer<typeof ApiTokenCreateSchema>;

/** The answer to a creation: the only time `token` is ever shown. */
export const ApiTokenCreatedSchema = ApiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;

/** What a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['sale', 'refund', 'claim', 'low_stock'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

const WebhookUrlSchema = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'An http(s) URL' }));

const EventsSchema = z
  .array(WebhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((s) => new Set(s).size === s.length, 'Each event once');

/** An endpoint as listed: the signing secret is never in it. */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  /** False once disabled, by the seller or after too many failures in a row. */
  enabled: z.boolean(),
  consecutiveFailures: z.number().int(),
  disabledReason: z.string().nullable(),
  /** `whsec_…a1b2`: enough to recognise the secret. */
  secretHint: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointCreateSchema = z.object({
  url: WebhookUrlSchema,
  events: EventsSchema,
});
export type WebhookEndpointCreate = z.infer<typeof WebhookEndpointCreateSchema>;

/** react-admin sends the record whole: unknown fields are ignored. Enabling resets the failures. */
export const WebhookEndpointUpdateSchema = z.object({
  url: WebhookUrlSchema.optional(),
  events: EventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdateSchema>;

/** The answer to a creation: the only time `secret` is ever shown. */
export const WebhookEndpointCreatedSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);

/** One event to one endpoint, with its attempts (the seller's delivery log). */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** The same on every attempt and every resend: receivers dedupe on it. */
  eventId: z.string(),
  type: WebhookEventTypeSchema,
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** The JSON body sent. */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryFilterSchema = z.object({
  endpointId: z.string().max(64).optional(),
  status: WebhookDeliveryStatusSchema.optional(),
  type: WebhookEventTypeSchema.optional(),
});
