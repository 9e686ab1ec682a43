import { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  REASON_MAX_LENGTH,
  REGISTRATION_NAME_MAX_LENGTH,
} from '../constants/limits.ts';
import { EmailSchema } from './users.ts';

/**
 * The shop profile a seller edits in their console (`/api/seller/shop/me`). The shop fields
 * (name, description, logo, support contact) apply at once; the legal (trader) fields the DSA
 * asks for go to an admin first: until approved the marketplace keeps showing the approved ones.
 */

export const SHOP_DESCRIPTION_MAX_LENGTH = 2000;
export const TRADER_ADDRESS_MAX_LENGTH = 300;

/** The trader fields whose change an admin approves. */
export const LEGAL_FIELDS = ['registrationName', 'vatNumber', 'address'] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];

/** An empty text input means "none". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const VatNumberSchema = z
  .string()
  .trim()
  .regex(
    /^[A-Z]{2}[A-Z0-9]{2,13}$/,
    'A VAT number starts with its country code, e.g. IT01234567890',
  );

/** The legal (trader) details: registered name, VAT number, registered address. */
export const SellerLegalDetailsSchema = z.object({
  registrationName: z.string().trim().min(2, 'Required').max(REGISTRATION_NAME_MAX_LENGTH),
  vatNumber: VatNumberSchema,
  address: z.preprocess(blankToNull, z.string().trim().max(TRADER_ADDRESS_MAX_LENGTH).nullable()),
});
export type SellerLegalDetails = z.infer<typeof SellerLegalDetailsSchema>;

/** Body of `PUT /api/seller/shop/me`: the whole profile, as the console's form sends it. */
export const SellerShopUpdateSchema = SellerLegalDetailsSchema.extend({
  name: z.string().trim().min(2, 'Required').max(NAME_MAX_LENGTH),
  description: z.preprocess((v) => v ?? '', z.string().trim().max(SHOP_DESCRIPTION_MAX_LENGTH)),
  image: z.preprocess(blankToNull, z.url().max(500).nullable()).default(null),
  supportEmail: z.preprocess(blankToNull, EmailSchema.nullable()).default(null),
});
export type SellerShopUpdate = z.input<typeof SellerShopUpdateSchema>;

/** A change of the legal details waiting for an admin; `id` names it in the admin's decision. */
export const PendingLegalChangeSchema = z.object({
  id: z.string(),
  registrationName: z.string(),
  vatNumber: z.string(),
  address: z.string().nullable(),
  requestedAt: z.string(),
});
export type PendingLegalChange = z.infer<typeof PendingLegalChangeSchema>;

/** The admin's last decision on a legal change, so the seller learns why one was refused. */
export const LegalChangeDecisionSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  at: z.string(),
});
export type LegalChangeDecision = z.infer<typeof LegalChangeDecisionSchema>;

const LegalDetailsSchema = z.object({
  registrationName: z.string(),
  vatNumber: z.string(),
  address: z.string().nullable(),
});

/**
 * `GET /api/seller/shop/me`. The legal fields at the top level are the ones the seller asked
 * for (the waiting change's, else the approved ones), so that sending the record back unchanged
 * keeps a waiting change; `approved` is what is in force and shown to buyers.
 */
export const SellerShopSchema = LegalDetailsSchema.extend({
  /** Always `me`: the caller's own shop is the resource's one record. */
  id: z.literal('me'),
  sellerId: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  supportEmail: z.string().nullable(),
  approved: LegalDetailsSchema,
  pendingLegalChange: PendingLegalChangeSchema.nullable(),
  lastLegalDecision: LegalChangeDecisionSchema.nullable(),
});
export type SellerShop = z.infer<typeof SellerShopSchema>;

/** Body of `POST /api/admin/sellers/:id/legal-change/approve|reject`. */
export const LegalChangeDecisionRequestSchema = z.object({
  /** The pending change the admin looked at: a newer one answers 409. */
  changeId: z.string().min(1).max(64),
  reason: z.string().trim().max(REASON_MAX_LENGTH).default(''),
});
export const LEGAL_CHANGE_DECISIONS = ['approve', 'reject'] as const;
export type LegalChangeDecisionKind = (typeof LEGAL_CHANGE_DECISIONS)[number];
