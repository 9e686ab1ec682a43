import { z } from 'zod';
import { KEY_REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../constants/limits.ts';

/**
 * Product keys: the seller's uploads, both consoles' `keys` lists and an admin's reveal and
 * revocation. Key codes appear in one answer only: an admin's audited reveal.
 */

export const KEY_STATUSES = ['available', 'reserved', 'sold', 'refunded', 'revoked'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];
export const KeyStatusSchema = z.enum(KEY_STATUSES);

/** How many keys of an offer are in each status. */
export const KeyCountsSchema = z.object(
  Object.fromEntries(KEY_STATUSES.map((s) => [s, z.number().int().min(0)])) as Record<
    KeyStatus,
    z.ZodNumber
  >,
);
export type KeyCounts = z.infer<typeof KeyCountsSchema>;

/** A key in a list: at most the last fifth of its code, behind a mask (server's key-mask.ts). */
export const MaskedKeySchema = z.object({
  id: z.string(),
  offerId: z.string(),
  productId: z.string(),
  productName: z.string(),
  sellerId: z.string(),
  status: KeyStatusSchema,
  createdAt: z.string(),
  /**
   * e.g. `•••• •••• •••• B12` (a 16-character code), `•••• •••• •••• ••••` (under 10);
   * `IMAGE_KEY_MASK` for an image code.
   */
  masked: z.string(),
});
export type MaskedKey = z.infer<typeof MaskedKeySchema>;

/** Why an admin reveals or revokes a key: kept in the audit log. */
export const KeyReasonSchema = z.object({
  reason: z
    .string('Give a reason')
    .trim()
    .min(REASON_MIN_LENGTH, `At least ${REASON_MIN_LENGTH} characters`)
    .max(KEY_REASON_MAX_LENGTH),
});
export type KeyReason = z.infer<typeof KeyReasonSchema>;

/** Body of `POST /api/seller/keys/:id/revoke`: a seller's reason is optional. */
export const SellerKeyRevokeSchema = z.object({
  reason: z.string().trim().max(KEY_REASON_MAX_LENGTH).optional(),
});

/**
 * What a key's code is: `text`, a typed key (every upload); `image`, a scanned card a supplier
 * delivered, shown as a picture.
 */
export const KEY_CODE_KINDS = ['text', 'image'] as const;
export type KeyCodeKind = (typeof KEY_CODE_KINDS)[number];

/** What a list shows for an image code instead of a mask: nothing of the image, ever. */
export const IMAGE_KEY_MASK = 'image code';

/** A revealed text code. */
export const TextKeyCodeSchema = z.object({ kind: z.literal('text'), code: z.string() });
/** A revealed image code: the image's bytes as base64, its MIME type and the supplier's file name. */
export const ImageKeyCodeSchema = z.object({
  kind: z.literal('image'),
  image: z.object({
    mimeType: z.string(),
    filename: z.string(),
    base64: z.string(),
  }),
});
export type KeyCodeImage = z.infer<typeof ImageKeyCodeSchema>['image'];

/** A revealed code, by its kind (`kind: 'text'` carries `code`, `kind: 'image'` `image`). */
export const RevealedKeyCodeSchema = z.discriminatedUnion('kind', [
  TextKeyCodeSchema,
  ImageKeyCodeSchema,
]);
export type RevealedKeyCode = z.infer<typeof RevealedKeyCodeSchema>;

/** The answer to `POST /api/admin/keys/:id/reveal`: the code, by its kind. */
export const RevealedKeySchema = RevealedKeyCodeSchema;
export type RevealedKey = RevealedKeyCode;

/** The most codes one upload may carry. */
export const MAX_KEY_UPLOAD = 5000;

/**
 * What an uploaded code must look like once trimmed: 5–64 letters, digits and separators (space,
 * hyphen, underscore, dot), starting and ending with a letter or digit. Wider than
 * `KEY_CODE_PATTERN` (the marketplace's own 4×4 codes) because platforms issue keys of many shapes
 * (Steam's 5×3 …). The code is stored as uploaded; duplicates are found ignoring case and
 * separators (`ABCDE-FGHIJ`, `ABCDEFGHIJ` and `abcde fghij` are one key).
 */
export const UPLOAD_KEY_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]{3,62}[A-Za-z0-9]$/;

/** Body of `POST /api/seller/offers/:id/keys`: malformed codes are counted, not refused. */
export const KeyUploadSchema = z.object({
  codes: z.array(z.string().max(256)).min(1, 'At least one code').max(MAX_KEY_UPLOAD),
});
export type KeyUpload = z.infer<typeof KeyUploadSchema>;

/** The answer to a key upload: counts only, never the codes. */
export const KeyUploadResultSchema = z.object({
  accepted: z.number().int().min(0),
  /** Repeated within the upload, or already among the seller's own keys. */
  duplicates: z.number().int().min(0),
  /**
   * Malformed, or not accepted for a reason the report does not give (a code another seller
   * holds: saying so would tell the uploader that the code is in circulation; admins are alerted).
   */
  rejected: z.number().int().min(0),
  /** The offer's available keys after the upload. */
  stock: z.number().int().min(0),
});
export type KeyUploadResult = z.infer<typeof KeyUploadResultSchema>;
