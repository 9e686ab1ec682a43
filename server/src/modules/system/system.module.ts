import type { ClientConfig, Health } from '@market/shared';
import type { ModuleDeclaration } from '../../runtime/module.ts';
import { adminSystemRoutes } from './system.admin.routes.ts';
import type { SystemStatus } from './system-status.ts';
import { systemRoutes } from './system.routes.ts';

/** The system: health, the browser apps' sign-in config, who the caller is, the System page. */
export const systemModule = (given: {
  health: Health;
  clientConfig: ClientConfig;
  status: SystemStatus;
}): ModuleDeclaration => ({
  name: 'system',
  routes: () => [systemRoutes(given), adminSystemRoutes(given.status)],
});
