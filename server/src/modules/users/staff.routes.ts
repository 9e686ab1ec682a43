import {
  AdminInviteResultSchema,
  AdminInviteSchema,
  AdminUserRoleSchema,
  UserInfoFullSchema,
} from '@market/shared';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { auditContext } from '../audit/audit.service.ts';
import type { StaffService } from './staff.service.ts';
import type { UserService } from './users.service.ts';

const user = rest(['users', 'a user (full profile)'], UserInfoFullSchema);

/** Staff management on the console's `users` resource: the role, and inviting an admin. */
export const adminStaffRoutes = (staff: StaffService, users: UserService) =>
  routes('/admin/users', { tag: 'admin', access: 'admin' })
    .post(
      '/invite',
      {
        summary: 'Invite an admin by email',
        description:
          'Creates the account when no account has the email (no password), gives it the admin role and mails an invitation whose link chooses the password (see the outbox). Inviting again re-sends the mail; 409 for a blocked account.',
        body: AdminInviteSchema,
        response: {
          status: 200,
          description: 'The account, and whether it was created',
          schema: AdminInviteResultSchema,
        },
        errors: [409],
        recentSignIn: true,
      },
      async (c) => c.json(await staff.inviteAdmin(auditContext(c), c.req.valid('json'))),
    )
    .put(
      '/:id',
      user.update({
        summary: 'Change a user’s role',
        description:
          'The ra-data-simple-rest update: only `role` is read. Sets the `role` claim and ends the user’s sessions and API tokens, so their next sign-in carries the new role; taking the seller role away suspends the shop (approve it again in sellers). 409: your own role, the last admin’s, or `seller` for an account without a seller application.',
        body: AdminUserRoleSchema,
        errors: [409],
        recentSignIn: true,
      }),
      async (c) => {
        const id = c.req.param('id');
        await staff.changeRole(auditContext(c), id, c.req.valid('json').role);
        return c.json(await users.infoFull(id));
      },
    );
