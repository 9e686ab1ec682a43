import { z } from 'zod';
import { RoleSchema } from '../constants/roles.ts';
import { EmailSchema } from './users.ts';

/**
 * Staff management in the admin console: a user's role (`PUT /api/admin/users/:id`, the
 * ra-data-simple-rest update, which sends the whole record: only `role` is read) and the
 * invitation of a new admin by email.
 */
export const AdminUserRoleSchema = z.object({ role: RoleSchema });
export type AdminUserRole = z.infer<typeof AdminUserRoleSchema>;

/** `POST /api/admin/users/invite`: the invitee's email and, optionally, the name to greet. */
export const AdminInviteSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().max(160).default(''),
});
export type AdminInvite = z.infer<typeof AdminInviteSchema>;

/** What an invitation answers: the account, and whether it was created for the invitation. */
export const AdminInviteResultSchema = z.object({ id: z.string(), created: z.boolean() });
export type AdminInviteResult = z.infer<typeof AdminInviteResultSchema>;
