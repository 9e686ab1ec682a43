import { z } from 'zod';
import { CurrencySchema } from '../constants/currencies.ts';
import { LocaleSchema } from '../constants/locales.ts';
import { OrderStatusSchema } from '../constants/order-status.ts';
import { ClaimReasonSchema, ClaimStatusSchema } from './claims.ts';
import { OrderTotalsSchema } from './orders.ts';
import { ReviewStatusSchema } from './reviews.ts';
import { EmailSchema, UserInfoSchema } from './users.ts';

/* Account self-service: password reset, data export, account deletion. */

/** `POST /api/user/password-reset`: mail a reset link (answers the same whether or not the email has an account). */
export const PasswordResetRequestSchema = z.object({
  email: EmailSchema,
  /** The language of the page that asked, for the mail when the email has no profile of ours. */
  locale: LocaleSchema.default('en'),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/**
 * `POST /api/user/password-changed`: the password of this email was just changed or reset at the
 * identity provider; sessions signed in before that end now (not at the next periodic check).
 */
export const PasswordChangedSchema = z.object({ email: EmailSchema });

/** `POST /api/user/account/delete`: the caller types their own email to confirm. */
export const AccountDeleteSchema = z.object({ confirmEmail: EmailSchema });

/**
 * `GET /api/user/account/export`: what the marketplace keeps about the caller. Orders carry no
 * key codes: they are goods, shown one by one in the account (revealing one ends the right of
 * withdrawal), not personal data to copy into a file.
 */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: UserInfoSchema.extend({ createdAt: z.string(), lastSignInAt: z.string().nullable() }),
  consents: z.object({ marketingEmails: z.boolean() }),
  orders: z.array(
    z.object({
      number: z.string(),
      status: OrderStatusSchema,
      createdAt: z.string(),
      currency: CurrencySchema,
      totals: OrderTotalsSchema,
      couponCode: z.string().nullable(),
      refundedCents: z.number().int(),
      items: z.array(
        z.object({
          name: z.string(),
          quantity: z.number().int(),
          unitPriceCents: z.number().int(),
          keysDelivered: z.number().int(),
          refundedCents: z.number().int(),
        }),
      ),
    }),
  ),
  favorites: z.array(z.object({ productId: z.string(), addedAt: z.string() })),
  reviews: z.array(
    z.object({
      productId: z.string(),
      rating: z.number(),
      text: z.string(),
      status: ReviewStatusSchema,
      createdAt: z.string(),
    }),
  ),
  claims: z.array(
    z.object({
      orderNumber: z.string(),
      productId: z.string(),
      reason: ClaimReasonSchema,
      details: z.string(),
      status: ClaimStatusSchema,
      createdAt: z.string(),
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
