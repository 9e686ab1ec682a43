import { Hono } from 'hono';
import { PageViewEventSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { remoteIp } from '../../lib/remote-ip.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { AuthUser } from '../../middleware/auth.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import type { EventService } from './events.service.ts';

/** Page views per client address and minute: a busy reader's tabs pass, a script does not. */
export const PAGE_VIEW_LIMIT = { limit: 120, windowMs: 60_000 };

/** `POST /api/public/events`: the storefront's page views, open to guests, answered 204. */
export const publicEventRoutes = (service: EventService, limits = PAGE_VIEW_LIMIT) =>
  new Hono<AppEnv>().post(
    '/',
    rateLimit({ ...limits, key: (c) => remoteIp(c) ?? 'unknown' }),
    jsonBody(PageViewEventSchema),
    async (c) => {
      // Guests and refused credentials alike count as anonymous views.
      const user = c.get('user') as AuthUser | undefined;
      await service.recordPageView(c.req.valid('json'), user?.uid ?? null);
      return c.body(null, 204);
    },
  );
