import { PageViewEventSchema } from '@market/shared';
import { routes } from '../../lib/route.ts';
import type { AuthUser } from '../../identity/auth-user.ts';
import { byAddress } from '../../middleware/rate-limit.ts';
import type { EventService } from './events.service.ts';

/** `POST /api/public/events`: the storefront's page views, open to guests, answered 204. */
export const publicEventRoutes = (service: EventService) =>
  routes('/public/events', { tag: 'analytics', access: 'public' }).post(
    '/',
    {
      summary: 'Record a storefront page view',
      description:
        'The path only (no query or fragment); admin and seller paths are refused. The referrer is kept without its query; a signed-in caller’s uid is kept, nothing else about them. Kept 400 days; at most 120 a minute per address.',
      body: PageViewEventSchema,
      response: { status: 204, description: 'Recorded' },
      limit: { name: 'pageView', per: [byAddress] },
    },
    async (c) => {
      // Guests and refused credentials alike count as anonymous views.
      const user = c.get('user') as AuthUser | undefined;
      await service.recordPageView(c.req.valid('json'), user?.uid ?? null);
      return c.body(null, 204);
    },
  );
