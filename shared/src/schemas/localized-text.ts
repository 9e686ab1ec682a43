import { z } from 'zod';

/**
 * A text in every locale (`{ en, it }`), as the API answers it. Bodies that take one check each
 * locale's text with `localizedText(rule)`.
 */
export const LocalizedTextSchema = z.object({ en: z.string(), it: z.string() });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** A text in every locale, each checked by `text`. */
export const localizedText = <T extends z.ZodType<string, unknown>>(text: T) =>
  z.object({ en: text, it: text });
