import {
  AccountDeleteSchema,
  AccountExportSchema,
  PasswordChangedSchema,
  PasswordResetRequestSchema,
  UserInfoFullSchema,
} from '@market/shared';
import { deleteCookie } from 'hono/cookie';
import { AppError } from '../../lib/errors.ts';
import { routes } from '../../lib/route.ts';
import { currentUser, SESSION_COOKIE } from '../../middleware/auth.ts';
import { byAddress } from '../../middleware/rate-limit.ts';
import { auditContext } from '../audit/audit.service.ts';
import { cookieIsSecure } from '../session/session.routes.ts';
import type { AccountErasure } from './account-erasure.ts';
import type { AccountExportService } from './account-export.ts';
import type { PasswordReset } from './password-reset.ts';
import type { UserService } from './users.service.ts';

const resetLimit = { name: 'passwordReset' as const, per: [byAddress] };

/** Forgotten and changed passwords: open to guests (`/api/user/password-…`). */
export const passwordRoutes = (reset: PasswordReset) =>
  routes('/user', { tag: 'session', access: 'public' })
    .post(
      '/password-reset',
      {
        summary: 'Mail a password reset link (open to guests)',
        description:
          'Answers 204 whether or not the email has an account, and before any work (the mail is looked up and written after the answer, so its time tells nothing either): nobody learns which emails have an account. The mail (outbox; SMTP when configured) links to `/reset-password?oobCode=…` (`/it/…` for Italian accounts), where the client SDK sets the new password.',
        body: PasswordResetRequestSchema,
        response: { status: 204, description: 'Asked (see the outbox)' },
        limit: resetLimit,
      },
      async (c) => {
        const { email, locale } = c.req.valid('json');
        reset.ask(email, locale);
        return c.body(null, 204);
      },
    )
    .post(
      '/password-changed',
      {
        summary: 'End at once the sessions a password change or reset ended at the provider',
        description:
          'Copies the identity provider’s revocation time of the account with this email: sessions signed in before the change are refused from the next request. Harmless to repeat; 204 whether or not the email has an account.',
        body: PasswordChangedSchema,
        response: { status: 204, description: 'Done' },
        limit: resetLimit,
      },
      async (c) => {
        await reset.passwordChanged(c.req.valid('json').email);
        return c.body(null, 204);
      },
    );

/** The signed-in buyer's own data: export it, delete the account. */
export const accountDataRoutes = (
  users: UserService,
  exports: AccountExportService,
  erasure: AccountErasure,
) =>
  routes('/user/account', { tag: 'user', access: 'user' })
    .get(
      '/export',
      {
        summary: 'Download everything kept about the caller (JSON)',
        description:
          'Profile, consents, orders (no key codes: reveal them in the account), favorites, reviews and claims, as an attachment.',
        response: { status: 200, description: 'The data', schema: AccountExportSchema },
        errors: [404],
      },
      async (c) => {
        const data = await exports.exportOf(currentUser(c).uid);
        c.header('Content-Disposition', `attachment; filename="my-data-${data.profile.id}.json"`);
        c.header('Cache-Control', 'no-store');
        return c.json(data);
      },
    )
    .post(
      '/delete',
      {
        summary: 'Delete the caller’s account',
        description:
          'The caller confirms with their own email (else 400 on `confirmEmail`). Personal data is erased, orders are kept anonymised (invoicing), every session ends and the cookie is cleared. 409 for a seller or admin account, or while an order awaits payment or review.',
        body: AccountDeleteSchema,
        response: { status: 204, description: 'Deleted' },
        recentSignIn: true,
        errors: [404, 409],
      },
      async (c) => {
        const caller = currentUser(c);
        const { confirmEmail } = c.req.valid('json');
        const own = (await users.account(caller.uid)).email;
        if (confirmEmail.toLowerCase() !== own.toLowerCase()) {
          throw new AppError('VALIDATION_FAILED', {
            errors: { confirmEmail: 'Type the email of this account to confirm' },
          });
        }
        await erasure.anonymise(caller.uid, auditContext(c), 'self');
        deleteCookie(c, SESSION_COOKIE, { path: '/', secure: cookieIsSecure(c.req.url) });
        return c.body(null, 204);
      },
    );

/** `POST /api/admin/users/:id/anonymise`: the same erasure, by an admin (audited). */
export const adminAnonymiseRoutes = (users: UserService, erasure: AccountErasure) =>
  routes('/admin/users', { tag: 'admin', access: 'admin' }).post(
    '/:id/anonymise',
    {
      summary: 'Anonymise a user (erase their personal data, keep their orders anonymised)',
      description:
        'The erasure a buyer’s “delete my account” runs, recorded in the audit log. Repeating it is harmless. 409 for a seller or admin (change the role first), or while an order awaits payment or review.',
      response: { status: 200, description: 'The user, anonymised', schema: UserInfoFullSchema },
      errors: [404, 409],
    },
    async (c) => {
      await erasure.anonymise(c.req.param('id'), auditContext(c), 'admin');
      return c.json(await users.infoFull(c.req.param('id')));
    },
  );
