import { z } from 'zod';
import { byAddress } from '../../middleware/rate-limit.ts';
import { routes } from '../../lib/route.ts';
import type { SupplierPostbacks } from './postbacks.ts';

/** Where CodesWholesale's postbacks go (set in its web panel, API tab). */
export const CODESWHOLESALE_POSTBACK_PATH = '/api/suppliers/codeswholesale/postbacks';

/**
 * `POST /api/suppliers/codeswholesale/postbacks`: public, authenticated by the account's
 * `authHash` (a connection's credentials must produce it). 400 when none does.
 */
export const supplierPostbackRoutes = (service: SupplierPostbacks) =>
  routes('/suppliers/codeswholesale', { tag: 'payments', access: 'public' }).post(
    '/postbacks',
    {
      summary: 'CodesWholesale postback',
      description:
        'Verified by its `authHash` against the sellers’ CodesWholesale connections (400 when none produces it). `PREORDER` delivers the order whose pre-ordered unit now has its code; stock and product news sync that connection’s offers.',
      response: {
        status: 200 as const,
        description: 'Taken in',
        schema: z.object({ received: z.literal(true) }),
      },
      errors: [400] as const,
      limit: { name: 'webhook' as const, per: [byAddress] },
    },
    async (c) => c.json(await service.codeswholesale(await c.req.json().catch(() => null))),
  );
