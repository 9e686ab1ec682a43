import type { Auth } from 'firebase-admin/auth';
import type { Heard, ModuleDeclaration } from '../../runtime/module.ts';
import type { UserService } from '../users/users.service.ts';
import { sessionRoutes } from './session.routes.ts';

/**
 * The session: sign-in and sign-out through the session cookie, and who is signed in. It hears
 * the writes to users: the session states the authentication keeps in memory
 * (identity/session-state-cache.ts) are dropped by a block or a logout on any instance.
 */
export const sessionModule = (given: {
  auth: Auth;
  users: UserService;
  heard: Heard;
}): ModuleDeclaration => ({
  name: 'session',
  routes: () => [sessionRoutes(given.auth, given.users)],
  changeListeners: [{ name: 'session states', heard: given.heard }],
});
