import type { CategoryId } from '@market/shared';
import type { LocalizedText } from '../fields/localized-text.ts';

/** A category as `GET /api/admin|seller/categories` answer it: names in every locale. */
export interface ConsoleCategory {
  id: CategoryId;
  position: number;
  name: LocalizedText;
}
