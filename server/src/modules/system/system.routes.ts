import { Hono } from 'hono';
import type { ClientConfig, Health, Me } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { requireRole } from '../../middleware/auth.ts';

/** Health, the browser apps' sign-in config, and who the caller is. */
export const systemRoutes = (deps: { health: Health; clientConfig: ClientConfig }) =>
  new Hono<AppEnv>()
    .get('/health', (c) => c.json(deps.health))
    .get('/public/client-config', (c) => c.json(deps.clientConfig))
    .get('/me', requireRole('user', 'seller', 'admin'), (c) => {
      const { uid, email, role, sellerId } = c.get('user');
      const me: Me = { uid, email, role, sellerId };
      return c.json(me);
    });
