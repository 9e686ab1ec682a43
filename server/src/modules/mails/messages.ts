import type { Locale } from '@market/shared';
import { en, type MessageKey } from './messages.en.ts';
import { it } from './messages.it.ts';

export type { MessageKey };

/** Every mail text, by language. */
export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { en, it };
