import { z } from 'zod';
import { REASON_MAX_LENGTH } from '../constants/limits.ts';
import { checkDenomination, ProductFieldsSchema } from './products.ts';

/**
 * Product proposals: a seller asks for a product missing from the catalogue
 * (`/api/seller/product-proposals`); an admin approves it, which creates the product, or
 * rejects it with a reason (`/api/admin/product-proposals`).
 */

export const PROPOSAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const ProposalStatusSchema = z.enum(PROPOSAL_STATUSES);

/** Body of `POST /api/seller/product-proposals`: the product's fields (no slug) and a note. */
export const ProductProposalCreateSchema = ProductFieldsSchema.extend({
  note: z.string().trim().max(1000).default(''),
}).superRefine(checkDenomination);
export type ProductProposalCreate = z.infer<typeof ProductProposalCreateSchema>;

/** Body of `POST /api/admin/product-proposals/:id/reject`: the seller reads the reason. */
export const ProposalRejectSchema = z.object({
  reason: z.string().trim().min(1, 'Required').max(REASON_MAX_LENGTH),
});
export type ProposalReject = z.infer<typeof ProposalRejectSchema>;

/** A proposal as both consoles show it. */
export const ProductProposalSchema = ProductFieldsSchema.extend({
  id: z.string(),
  sellerId: z.string(),
  note: z.string(),
  status: ProposalStatusSchema,
  /** The rejection's reason; null otherwise. */
  reason: z.string().nullable(),
  /** The product the approval created; null until then. */
  productId: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ProductProposal = z.infer<typeof ProductProposalSchema>;
