import { LocaleRequestSchema, PublicStateSchema } from '@market/shared';
import { routes } from '../../lib/route.ts';
import type { PublicStateService } from './state.service.ts';

/** `GET /api/public/state?locale=it`: the storefront's global state (English by default). */
export const publicStateRoutes = (service: PublicStateService) =>
  routes('/public/state', { tag: 'catalogue', access: 'public' }).get(
    '/',
    {
      summary: 'What every storefront page needs',
      query: LocaleRequestSchema,
      response: { status: 200, description: 'The global state', schema: PublicStateSchema },
    },
    async (c) => c.json(await service.get(c.req.valid('query').locale)),
  );
