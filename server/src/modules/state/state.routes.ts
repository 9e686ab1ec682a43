import { Hono } from 'hono';
import { LocaleRequestSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { queryParams } from '../../lib/validate.ts';
import type { PublicStateService } from './state.service.ts';

/** `GET /api/public/state?locale=it`: the storefront's global state (English by default). */
export const publicStateRoutes = (service: PublicStateService) =>
  new Hono<AppEnv>().get('/', queryParams(LocaleRequestSchema), async (c) =>
    c.json(await service.get(c.req.valid('query').locale)),
  );
