import { Hono } from 'hono';
import { PageViewEventSchema } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { jsonBody } from '../../lib/validate.ts';
import type { AuthUser } from '../../identity/auth-user.ts';
import type { EventService } from './events.service.ts';

/** `POST /api/public/events`: the storefront's page views, open to guests, answered 204. */
export const publicEventRoutes = (service: EventService) =>
  new Hono<AppEnv>().post('/', jsonBody(PageViewEventSchema), async (c) => {
    // Guests and refused credentials alike count as anonymous views.
    const user = c.get('user') as AuthUser | undefined;
    await service.recordPageView(c.req.valid('json'), user?.uid ?? null);
    return c.body(null, 204);
  });
