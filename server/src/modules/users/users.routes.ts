import { Hono } from 'hono';
import { z } from 'zod';
import {
  AccountUpdateSchema,
  AdminSendVerifySchema,
  AdminUserEditSchema,
  AdminUserIdSchema,
  ProfileAddSchema,
  ProfileAddSocialSchema,
  ProfileVerifySchema,
  RoleSchema,
} from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import { IdFilterSchema, listResponse, parseFilter, parseListQuery } from '../../lib/list-query.ts';
import { remoteIp } from '../../lib/remote-ip.ts';
import { jsonBody } from '../../lib/validate.ts';
import { currentUser } from '../../middleware/auth.ts';
import { toUserInfoFull } from './user-view.ts';
import type { UserRepository } from './users.repository.ts';
import type { UserService } from './users.service.ts';

/** `POST /api/user/profile/add`: sign-up, open to guests. */
export const signUpRoutes = (service: UserService) =>
  new Hono<AppEnv>().post('/add', jsonBody(ProfileAddSchema), async (c) =>
    c.json(await service.signUp(c.req.valid('json'), remoteIp(c)), 201),
  );

/** The signed-in user's own profile and account (`/api/user/…`). */
export const userAccountRoutes = (service: UserService) =>
  new Hono<AppEnv>()
    .post('/profile/addsocial', jsonBody(ProfileAddSocialSchema), async (c) =>
      c.json(await service.addSocial(currentUser(c), c.req.valid('json'), remoteIp(c))),
    )
    .post('/profile/verify', jsonBody(ProfileVerifySchema), async (c) =>
      c.json(await service.verify(currentUser(c), c.req.valid('json').email)),
    )
    .get('/account', async (c) => c.json(await service.account(currentUser(c).uid)))
    .post('/account/update', jsonBody(AccountUpdateSchema), async (c) =>
      c.json(await service.updateAccount(currentUser(c).uid, c.req.valid('json'))),
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

/** The spec's admin user calls and the console's `users` resource (`/api/admin/users`). */
export const adminUserRoutes = (service: UserService, users: UserRepository) =>
  new Hono<AppEnv>()
    .post('/info', jsonBody(AdminUserIdSchema), async (c) =>
      c.json(await service.info(c.req.valid('json').userId)),
    )
    .post('/info-full', jsonBody(AdminUserIdSchema), async (c) =>
      c.json(await service.infoFull(c.req.valid('json').userId)),
    )
    .post('/edit', jsonBody(AdminUserEditSchema), async (c) => {
      const { userId, blocked } = c.req.valid('json');
      return c.json(await service.setBlocked(currentUser(c), userId, blocked));
    })
    .post('/send-verify', jsonBody(AdminSendVerifySchema), async (c) => {
      const { email, name } = c.req.valid('json');
      await service.sendVerify(email, name);
      return c.body(null, 204);
    })
    .get('/', async (c) => {
      const q = parseListQuery(c);
      const { rows, total } = await users.page(q, parseFilter(UserFilterSchema, q.filter));
      return listResponse(
        c,
        'users',
        q,
        rows.map((d) => toUserInfoFull(d)),
        total,
      );
    })
    .get('/:id', async (c) => c.json(await service.infoFull(c.req.param('id'))));
