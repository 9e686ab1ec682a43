import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants/limits.ts';
import { LocaleSchema } from '../constants/locales.ts';
import { RoleSchema } from '../constants/roles.ts';

export const LOGIN_METHODS = ['password', 'google'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
export const LoginMethodSchema = z.enum(LOGIN_METHODS);

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);

export const EmailSchema = z.email('Not a valid email address').max(EMAIL_MAX_LENGTH);

/** Profile fields a buyer gives at sign-up. */
export const UserProfileInputSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().min(1, 'Required').max(NAME_MAX_LENGTH),
  surname: z.string().trim().max(NAME_MAX_LENGTH).default(''),
  image: z.url().max(500).nullable().default(null),
  marketingConsent: z.boolean().default(false),
});
export type UserProfileInput = z.infer<typeof UserProfileInputSchema>;

export const RecaptchaTokenSchema = z.string().min(1, 'Required').max(4000);
const ReferrerSchema = z.string().max(200).nullable().default(null);

/** `POST /api/user/profile/add`: password sign-up (a guest may call it). */
export const ProfileAddSchema = z.object({
  user: UserProfileInputSchema,
  tokenRecaptcha: RecaptchaTokenSchema,
  password: PasswordSchema,
  locale: LocaleSchema.default('en'),
  referrer: ReferrerSchema,
});
export type ProfileAdd = z.infer<typeof ProfileAddSchema>;

/** The answer to `POST /api/user/profile/add`: the new user's uid. */
export const ProfileAddResultSchema = z.object({ id: z.string() });

/** `POST /api/user/profile/addsocial`: first sign-in with Google; `id` is the caller's uid. */
export const ProfileAddSocialSchema = z.object({
  id: z.string().min(1).max(128),
  user: UserProfileInputSchema,
  tokenRecaptcha: RecaptchaTokenSchema,
  locale: LocaleSchema.default('en'),
  referrer: ReferrerSchema,
});
export type ProfileAddSocial = z.infer<typeof ProfileAddSocialSchema>;

/** The answer to `POST /api/user/profile/addsocial`: `created` the first time only. */
export const ProfileAddSocialResultSchema = z.object({ id: z.string(), created: z.boolean() });

/** `POST /api/user/profile/verify` → `{ verified }`. */
export const ProfileVerifySchema = z.object({ email: EmailSchema });
export const ProfileVerifyResultSchema = z.object({ verified: z.boolean() });

/** `POST /api/user/account/update`: the fields given change, the others stay. */
export const AccountUpdateSchema = z
  .object({
    locale: LocaleSchema.optional(),
    loginMethod: LoginMethodSchema.optional(),
    name: z.string().trim().min(1, 'Required').max(NAME_MAX_LENGTH).optional(),
    surname: z.string().trim().max(NAME_MAX_LENGTH).optional(),
    marketingConsent: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), 'Nothing to update');
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>;

/** A user as the API shows it (`admin users/info`, `GET /api/user/account`). */
export const UserInfoSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  image: z.string().nullable(),
  role: RoleSchema,
  blocked: z.boolean(),
  emailVerified: z.boolean(),
  locale: LocaleSchema,
  loginMethod: LoginMethodSchema,
  marketingConsent: z.boolean(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** `admin users/info-full` and the admin console's users resource. */
export const UserInfoFullSchema = UserInfoSchema.extend({
  sellerId: z.string().nullable(),
  referrer: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  providers: z.array(z.string()),
});
export type UserInfoFull = z.infer<typeof UserInfoFullSchema>;

export const AdminUserIdSchema = z.object({ userId: z.string().min(1).max(128) });
export const AdminUserEditSchema = z.object({
  userId: z.string().min(1).max(128),
  blocked: z.boolean(),
});
export const AdminSendVerifySchema = z.object({
  email: EmailSchema,
  name: z.string().max(160).default(''),
});
