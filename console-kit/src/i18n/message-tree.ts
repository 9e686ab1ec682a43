/** Nested translation messages: leaves are Polyglot phrases. */
export interface MessageTree {
  [key: string]: string | MessageTree | undefined;
}

/** The shape of a translation of `T`: the very same keys, every phrase a string. */
export type TranslationOf<T> = {
  [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]>;
};

/** Deep-merges message trees; later trees win on the same key. */
export function mergeMessages<T extends MessageTree>(base: T, ...overrides: MessageTree[]): T {
  const merged: MessageTree = { ...base };
  for (const override of overrides) {
    for (const [key, value] of Object.entries(override)) {
      const current = merged[key];
      merged[key] =
        typeof value === 'object' && typeof current === 'object'
          ? mergeMessages(current, value)
          : value;
    }
  }
  return merged as T;
}

/** Every phrase by its dotted key (`ra.action.save` → 'Save'). */
export function flattenMessages(tree: MessageTree, prefix = ''): Record<string, string> {
  const phrases: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'object')
      Object.assign(phrases, flattenMessages(value, `${prefix}${key}.`));
    else if (typeof value === 'string') phrases[`${prefix}${key}`] = value;
  }
  return phrases;
}

/** Every phrase's dotted key, sorted: to compare two languages. */
export function messageKeys(tree: MessageTree): string[] {
  return Object.keys(flattenMessages(tree)).sort();
}

/** The sorted `%{name}` placeholders of a phrase (all plural forms together). */
export function placeholdersOf(phrase: string): string[] {
  return [...phrase.matchAll(/%\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}
