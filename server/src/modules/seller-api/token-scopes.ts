import { API_TOKEN_SCOPES, type ApiTokenScope } from '@market/shared';

type Area = 'offers' | 'keys' | 'purchases' | 'sales';

/**
 * Which scope a request under `/api/seller/` needs, from its first path segment and method;
 * null for what no token may reach (the tokens and webhooks themselves, the shop's application,
 * and anything not listed: a new seller route is closed to tokens until it is named here).
 */
const AREA_OF_RESOURCE: Record<string, Area> = {
  offers: 'offers',
  products: 'offers',
  'product-proposals': 'offers',
  categories: 'offers',
  'supplier-connections': 'offers',
  'supplier-products': 'offers',
  'supplier-imports': 'offers',
  keys: 'keys',
  sales: 'sales',
  claims: 'sales',
  reviews: 'sales',
  dashboard: 'sales',
  balance: 'sales',
  payouts: 'sales',
  'ledger-entries': 'sales',
};

/**
 * Actions on one record (`/api/seller/<resource>/:id/<action>`) that belong to another area
 * than their resource: uploading keys to an offer is key stock, and a restock buys keys from
 * the seller's supplier (money leaves the shop), so `offers:write` reaches neither.
 */
const AREA_OF_ACTION: Record<string, Record<string, Area>> = {
  offers: { keys: 'keys', restock: 'purchases' },
};

/** `record[key]` when the record has it itself (never `constructor` and the like). */
const own = <V>(record: Record<string, V>, key: string): V | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

const READS = new Set(['GET', 'HEAD']);
const SCOPES: ReadonlySet<string> = new Set(API_TOKEN_SCOPES);

export function scopeFor(method: string, path: string): ApiTokenScope | null {
  const match = /^\/api\/seller\/([^/?]+)(?:\/([^/?]+)(?:\/([^/?]+))?)?/.exec(path);
  if (!match) return null;
  const [, resource = '', , action] = match;
  const actions = own(AREA_OF_ACTION, resource);
  const area = (actions && action && own(actions, action)) || own(AREA_OF_RESOURCE, resource);
  if (!area) return null;
  const scope = `${area}:${READS.has(method.toUpperCase()) ? 'read' : 'write'}`;
  // No such scope (`purchases:read`): nothing a token may be given reaches it.
  return SCOPES.has(scope) ? (scope as ApiTokenScope) : null;
}
