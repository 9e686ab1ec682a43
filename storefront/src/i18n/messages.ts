import type { Locale } from '@market/shared';
import { en, type Messages } from './en.ts';
import { it } from './it.ts';

const MESSAGES: Record<Locale, Messages> = { en, it };

/** The UI messages of a locale. */
export function messagesFor(locale: Locale): Messages {
  return MESSAGES[locale];
}
