import type { ModuleDeclaration } from '../../runtime/module.ts';
import { eventIndexes } from './events.repository.ts';
import { publicEventRoutes } from './events.routes.ts';
import type { EventService } from './events.service.ts';

/** Analytics events the storefront sends (page views, clicks). */
export const eventsModule = (given: { service: EventService }): ModuleDeclaration => ({
  name: 'events',
  indexes: { events: eventIndexes },
  routes: () => [publicEventRoutes(given.service)],
});
