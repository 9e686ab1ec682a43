import type { Auth } from 'firebase-admin/auth';
import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { UserService } from '../users/users.service.ts';
import { sessionRoutes } from './session.routes.ts';

/** The session: sign-in and sign-out through the session cookie, and who is signed in. */
export const sessionModule = (given: { auth: Auth; users: UserService }): ModuleDeclaration => ({
  name: 'session',
  routes: () => [sessionRoutes(given.auth, given.users)],
});
