import type { Locale } from '@market/shared';
import { interpolate } from './interpolate.ts';

/**
 * A message with a form per CLDR plural category (`Intl.PluralRules`); `other` is required, the
 * rest fall back to it. English and Italian use `one` and `other` (Italian's `many` is for
 * millions written in words, so digits take `other`). `{count}` is the number, in the locale's
 * digits.
 */
export type PluralMessage = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;

const rules = new Map<Locale, Intl.PluralRules>();

/** The form of `message` for `count` in `locale`, its placeholders filled. */
export function plural(
  locale: Locale,
  message: PluralMessage,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
): string {
  let rule = rules.get(locale);
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)));
  const form = message[rule.select(count)] ?? message.other;
  return interpolate(form, { count: new Intl.NumberFormat(locale).format(count), ...values });
}
