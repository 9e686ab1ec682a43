import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REGISTRATION_NAME_MAX_LENGTH,
} from '../constants/limits.ts';
import { RatingSummarySchema } from './reviews.ts';
import { PendingLegalChangeSchema } from './seller-shop.ts';
import { EmailSchema, PasswordSchema, RecaptchaTokenSchema } from './users.ts';

export const SELLER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];
export const SellerStatusSchema = z.enum(SELLER_STATUSES);

/** Trader data asked of a seller (the EU's DSA asks marketplaces to hold it). */
export const SellerRegistrationSchema = z.object({
  email: EmailSchema,
  name: z.string().trim().min(2, 'Required').max(NAME_MAX_LENGTH),
  registrationName: z.string().trim().min(2, 'Required').max(REGISTRATION_NAME_MAX_LENGTH),
  vatNumber: z
    .string()
    .trim()
    .regex(
      /^[A-Z]{2}[A-Z0-9]{2,13}$/,
      'A VAT number starts with its country code, e.g. IT01234567890',
    ),
  image: z.url().max(500).nullable().default(null),
  password: PasswordSchema,
});

/** `POST /api/seller/profile/addseller` (open to guests: it is how a seller applies). */
export const AddSellerSchema = z.object({
  id: z.string().max(128).nullable().default(null),
  seller: SellerRegistrationSchema,
  /** reCAPTCHA v3 (action `seller_application`): the application is open to guests. */
  tokenRecaptcha: RecaptchaTokenSchema,
});
export type AddSeller = z.infer<typeof AddSellerSchema>;

/** Defective-key claims upheld against a seller, per 100 keys sold (offer ranking reads `per100`). */
export const SellerDefectRateSchema = z.object({
  per100: z.number().min(0),
  upheld: z.number().int().min(0),
  sold: z.number().int().min(0),
});
export type SellerDefectRate = z.infer<typeof SellerDefectRateSchema>;

/** A seller as the admin console shows it. */
export const SellerSchema = z.object({
  id: z.string(),
  uid: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  registrationName: z.string(),
  vatNumber: z.string(),
  image: z.string().nullable(),
  status: SellerStatusSchema,
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Approved reviews' average and count, kept on the seller (recomputed on each moderation). */
  rating: RatingSummarySchema,
  /** Defective keys per 100 sold, kept by the defect claims (absent before any). */
  defectRate: SellerDefectRateSchema.optional(),
  /** The shop profile the seller edits (absent before they first save it). */
  description: z.string().optional(),
  supportEmail: z.string().nullable().optional(),
  /** Registered address (trader data), approved like the registered name and VAT number. */
  address: z.string().nullable().optional(),
  /** A change of the trader data waiting for an admin's decision. */
  pendingLegalChange: PendingLegalChangeSchema.nullable().optional(),
});
export type Seller = z.infer<typeof SellerSchema>;

/** Body of `POST /api/admin/sellers/:id/approve|reject|suspend`. */
export const SellerDecisionSchema = z.object({
  reason: z.string().trim().max(REASON_MAX_LENGTH).default(''),
});
export const SELLER_DECISIONS = ['approve', 'reject', 'suspend'] as const;
export type SellerDecision = (typeof SELLER_DECISIONS)[number];

/** What each admin decision does: the statuses it may start from and the one it leads to. */
export const SELLER_TRANSITIONS: Readonly<
  Record<SellerDecision, { from: readonly SellerStatus[]; to: SellerStatus }>
> = {
  approve: { from: ['pending', 'rejected', 'suspended'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
};

/** `GET /api/user/seller-application`: what a (pending) seller sees of their application. */
export const SellerApplicationSchema = SellerSchema.pick({
  id: true,
  name: true,
  status: true,
  statusReason: true,
  createdAt: true,
});
export type SellerApplication = z.infer<typeof SellerApplicationSchema>;
