import { z } from 'zod';
import { REASON_MAX_LENGTH } from '../constants/limits.ts';

/**
 * The fraud blocklist (the admin console's `blocklist` resource): emails, client addresses and
 * payment instruments screening refuses outright. Chargebacks add entries on their own (actor
 * System); admins add and remove them.
 */

export const BLOCKLIST_KINDS = ['email', 'ip', 'instrument'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];
export const BlocklistKindSchema = z.enum(BLOCKLIST_KINDS);

/** Body of `POST /api/admin/blocklist`. */
export const BlocklistCreateSchema = z
  .object({
    kind: BlocklistKindSchema,
    /** An email (matched lower-cased), an IP address, or an instrument as the provider fingerprints it. */
    value: z.string().trim().min(1, 'Required').max(320, 'At most 320 characters'),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why')
      .max(REASON_MAX_LENGTH, `At most ${REASON_MAX_LENGTH} characters`),
  })
  .superRefine((entry, ctx) => {
    if (entry.kind === 'email' && !z.email().safeParse(entry.value).success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Not an email address' });
    }
    if (entry.kind === 'ip' && !z.union([z.ipv4(), z.ipv6()]).safeParse(entry.value).success) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Not an IP address' });
    }
  });
export type BlocklistCreate = z.infer<typeof BlocklistCreateSchema>;

/** Who listed an entry: an admin (uid and email) or the shop itself after a chargeback. */
export const BlocklistAddedBySchema = z.object({
  actor: z.enum(['Admin', 'System']),
  uid: z.string().nullable(),
  email: z.string().nullable(),
});

export const BlocklistEntrySchema = z.object({
  id: z.string(),
  kind: BlocklistKindSchema,
  value: z.string(),
  reason: z.string().nullable(),
  addedBy: BlocklistAddedBySchema,
  createdAt: z.string(),
});
export type BlocklistEntry = z.infer<typeof BlocklistEntrySchema>;
