import { Hono } from 'hono';
import { LocaleRequestSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { MacrocategoryService } from './macrocategories.service.ts';

/** The public macrocategory calls (`/api/public/macrocategories/…`): sorted by localized name. */
export const publicMacrocategoryRoutes = (service: MacrocategoryService) =>
  new Hono<AppEnv>()
    .post('/get', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    )
    .post('/get-public', jsonBody(LocaleRequestSchema), async (c) =>
      c.json(await service.list(c.req.valid('json').locale)),
    );
