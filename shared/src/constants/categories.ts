import { z } from 'zod';
import type { Locale } from './locales.ts';

/** The four fixed category ids of the spec. */
export const CATEGORY_IDS = ['games', 'softwares', 'cards', 'accounts'] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];
export const CategoryIdSchema = z.enum(CATEGORY_IDS);

/** Seed values: position and names per locale. Admins may edit names later. */
export const DEFAULT_CATEGORIES: ReadonlyArray<{
  id: CategoryId;
  position: number;
  name: Record<Locale, string>;
}> = [
  { id: 'games', position: 1, name: { en: 'Games', it: 'Giochi' } },
  { id: 'softwares', position: 2, name: { en: 'Software', it: 'Software' } },
  { id: 'cards', position: 3, name: { en: 'Gift cards', it: 'Carte regalo' } },
  { id: 'accounts', position: 4, name: { en: 'Game accounts', it: 'Account di gioco' } },
];
