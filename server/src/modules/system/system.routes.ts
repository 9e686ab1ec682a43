import {
  ClientConfigSchema,
  HealthSchema,
  MeSchema,
  type ClientConfig,
  type Health,
  type Me,
} from '@market/shared';
import { routes } from '../../lib/route.ts';

/** Health, the browser apps' sign-in config, and who the caller is. */
export const systemRoutes = (deps: { health: Health; clientConfig: ClientConfig }) =>
  routes('', { tag: 'system', access: 'public' })
    .get(
      '/health',
      {
        summary: 'Which database and identity provider the server uses',
        response: { status: 200, description: 'Up', schema: HealthSchema },
      },
      (c) => c.json(deps.health),
    )
    .get(
      '/public/client-config',
      {
        summary: 'The Firebase web configuration browser apps sign in with',
        response: { status: 200, description: 'The configuration', schema: ClientConfigSchema },
      },
      (c) => c.json(deps.clientConfig),
    )
    .get(
      '/me',
      {
        access: 'user',
        summary: 'Who the caller is',
        response: { status: 200, description: 'The caller', schema: MeSchema },
      },
      (c) => {
        const { uid, email, role, sellerId } = c.get('user');
        const me: Me = { uid, email, role, sellerId };
        return c.json(me);
      },
    );
