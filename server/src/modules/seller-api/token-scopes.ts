import type { ApiTokenScope } from '@market/shared';

/**
 * Which scope a request under `/api/seller/` needs, from its first path segment and method;
 * null for what no token may reach (the tokens and webhooks themselves, the shop's application,
 * and anything not listed: a new seller route is closed to tokens until it is named here).
 */
const AREA_OF_RESOURCE: Record<string, 'offers' | 'keys' | 'sales'> = {
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

const READS = new Set(['GET', 'HEAD']);

export function scopeFor(method: string, path: string): ApiTokenScope | null {
  const resource = /^\/api\/seller\/([^/?]+)/.exec(path)?.[1];
  const area = resource === undefined ? undefined : AREA_OF_RESOURCE[resource];
  if (!area) return null;
  return `${area}:${READS.has(method.toUpperCase()) ? 'read' : 'write'}`;
}
