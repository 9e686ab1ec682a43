import { z } from 'zod';
import {
  AccountUpdateSchema,
  AdminSendVerifySchema,
  AdminUserEditSchema,
  AdminUserIdSchema,
  ProfileAddSchema,
  ProfileAddSocialSchema,
  ProfileVerifyResultSchema,
  ProfileVerifySchema,
  RoleSchema,
  UserInfoFullSchema,
  UserInfoSchema,
} from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { remoteIp } from '../../lib/remote-ip.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { byAddress } from '../../middleware/rate-limit.ts';
import { toUserInfoFull } from './user-view.ts';
import type { UserRepository } from './users.repository.ts';
import type { UserService } from './users.service.ts';
import type { StaffService } from './staff.service.ts';
import { auditContext } from '../audit/audit.service.ts';

/** What sign-up answers: the uid of the account. */
export const NewAccountSchema = z.object({ id: z.string() });

/** `POST /api/user/profile/add`: sign-up, open to guests. */
export const signUpRoutes = (service: UserService) =>
  routes('/user/profile', { tag: 'session', access: 'public' }).post(
    '/add',
    {
      summary: 'Sign up with email and password (open to guests)',
      description:
        'Creates the account and its profile and mails the verification link; signing in waits for the email to be verified. `tokenRecaptcha` is checked (400 on `tokenRecaptcha` when it fails); 409 when the email has an account (`auth/email-already-exists`).',
      body: ProfileAddSchema,
      response: { status: 201, description: 'The new account’s uid', schema: NewAccountSchema },
      errors: [409],
      limit: { name: 'signUp', per: [byAddress] },
    },
    async (c) => c.json(await service.signUp(c.req.valid('json'), remoteIp(c)), 201),
  );

/** The signed-in user's own profile and account (`/api/user/…`). */
export const userAccountRoutes = (service: UserService) =>
  routes('/user', { tag: 'user', access: 'user' })
    .post(
      '/profile/addsocial',
      {
        summary: 'First Google sign-in: create the caller’s profile when missing',
        description:
          '`id` must be the caller’s uid (else 403); `tokenRecaptcha` is checked (400 on `tokenRecaptcha` when it fails). `created` says whether the profile is new.',
        body: ProfileAddSocialSchema,
        response: {
          status: 200,
          description: 'The profile’s id',
          schema: z.object({ id: z.string(), created: z.boolean() }),
        },
        limit: { name: 'signUp', per: [byAddress] },
      },
      async (c) =>
        c.json(await service.addSocial(currentUser(c), c.req.valid('json'), remoteIp(c))),
    )
    .post(
      '/profile/verify',
      {
        summary: 'Whether the caller’s email is verified now',
        description: '`email` must be the caller’s own (else 403).',
        body: ProfileVerifySchema,
        response: { status: 200, description: 'The answer', schema: ProfileVerifyResultSchema },
      },
      async (c) => c.json(await service.verify(currentUser(c), c.req.valid('json').email)),
    )
    .get(
      '/account',
      {
        summary: 'The caller’s profile',
        response: { status: 200, description: 'The profile', schema: UserInfoSchema },
        errors: [404],
      },
      async (c) => c.json(await service.account(currentUser(c).uid)),
    )
    .post(
      '/account/update',
      {
        summary: 'Change the caller’s name, language, marketing consent or sign-in method',
        body: AccountUpdateSchema,
        response: { status: 200, description: 'The profile', schema: UserInfoSchema },
        errors: [404],
      },
      async (c) => c.json(await service.updateAccount(currentUser(c).uid, c.req.valid('json'))),
    );

const booleanish = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean(),
);
/** The user list's filters; `blocked` and `emailVerified` also take `"true"` / `"false"`. */
export const UserFilterSchema = z.object({
  id: IdFilterSchema.optional(),
  q: z.string().max(100).optional(),
  role: RoleSchema.optional(),
  blocked: booleanish.optional(),
  emailVerified: booleanish.optional(),
});

const user = rest(['users', 'a user (full profile)'], UserInfoFullSchema);

/** The spec's admin user calls and the console's `users` resource (`/api/admin/users`). */
export const adminUserRoutes = (service: UserService, users: UserRepository, staff: StaffService) =>
  routes('/admin/users', { tag: 'admin', access: 'admin' })
    .post(
      '/info',
      {
        summary: 'A user’s profile (the spec’s call)',
        body: AdminUserIdSchema,
        response: { status: 200, description: 'The user', schema: UserInfoSchema },
        errors: [404],
      },
      async (c) => c.json(await service.info(c.req.valid('json').userId)),
    )
    .post(
      '/info-full',
      {
        summary: 'A user’s full profile (the spec’s call)',
        body: AdminUserIdSchema,
        response: { status: 200, description: 'The user', schema: UserInfoFullSchema },
        errors: [404],
      },
      async (c) => c.json(await service.infoFull(c.req.valid('json').userId)),
    )
    .post(
      '/edit',
      {
        summary: 'Block or unblock a user',
        description:
          'Blocking revokes every session of the user at once: their next call answers 403. An admin cannot block themselves (409).',
        body: AdminUserEditSchema,
        response: { status: 200, description: 'The user', schema: UserInfoFullSchema },
        errors: [404, 409],
      },
      async (c) => {
        const { userId, blocked } = c.req.valid('json');
        return c.json(await staff.setBlocked(auditContext(c), currentUser(c), userId, blocked));
      },
    )
    .post(
      '/send-verify',
      {
        summary: 'Send the email-verification mail again',
        description: '404 when no account has the email, 409 when it is already verified.',
        body: AdminSendVerifySchema,
        response: { status: 204, description: 'Sent (see the outbox)' },
        errors: [404, 409],
      },
      async (c) => {
        const { email, name } = c.req.valid('json');
        await service.sendVerify(email, name);
        return c.body(null, 204);
      },
    )
    .get(
      '/',
      user.list({
        filter: UserFilterSchema,
        description:
          '`q` searches email, name and surname. Newest first unless `sort` names `email`, `createdAt`, `role`, `name` or `lastSignInAt`.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await users.page(q, q.filter);
        return listResponse(
          c,
          'users',
          q,
          rows.map((d) => toUserInfoFull(d)),
          total,
        );
      },
    )
    .get('/:id', user.getOne(), async (c) => c.json(await service.infoFull(c.req.param('id'))));
