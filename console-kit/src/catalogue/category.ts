import type { CategoryId, LocalizedText } from '@market/shared';

/** A category as `GET /api/admin|seller/categories` answer it: names in every locale. */
export interface ConsoleCategory {
  id: CategoryId;
  position: number;
  name: LocalizedText;
}
