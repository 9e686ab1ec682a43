import type { ModuleDeclaration } from '../../runtime/module.ts';
import type { AccountErasure } from './account-erasure.ts';
import type { AccountExportService } from './account-export.ts';
import { accountDataRoutes, adminAnonymiseRoutes, passwordRoutes } from './account.routes.ts';
import type { PasswordReset } from './password-reset.ts';
import { adminStaffRoutes } from './staff.routes.ts';
import type { StaffService } from './staff.service.ts';
import { userIndexes, type UserRepository } from './users.repository.ts';
import { adminUserRoutes, signUpRoutes, userAccountRoutes } from './users.routes.ts';
import type { UserService } from './users.service.ts';

/**
 * Users: sign-up, the account's own pages (profile, password, export, erasure), the admin's
 * people and staff; and the erasure job (account erasures a crash left half-done are finished).
 */
export const usersModule = (given: {
  users: UserRepository;
  service: UserService;
  staff: StaffService;
  passwordReset: PasswordReset;
  exports: AccountExportService;
  erasure: AccountErasure;
}): ModuleDeclaration => ({
  name: 'users',
  indexes: { users: userIndexes },
  routes: () => [
    signUpRoutes(given.service),
    userAccountRoutes(given.service),
    adminUserRoutes(given.service, given.users, given.staff),
    adminStaffRoutes(given.staff, given.service),
    passwordRoutes(given.passwordReset),
    accountDataRoutes(given.service, given.exports, given.erasure),
    adminAnonymiseRoutes(given.service, given.erasure),
  ],
  jobs: [
    {
      name: 'account-erasures',
      everyMs: 5 * 60_000,
      run: () => given.erasure.resumeUnfinished(),
    },
  ],
});
