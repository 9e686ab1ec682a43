import { ObjectId } from 'mongodb';
import { cachedByIds } from '../../page-cache/cached-by-id.ts';
import type { PageChanges } from '../../page-cache/page-changes.ts';
import { ALL_PRODUCT_DOCS, PRODUCT_DOC_TAG_PREFIX } from '../../page-cache/page-tags.ts';
import type { ProductDoc } from './products.repository.ts';

/**
 * `findByIds` with the documents kept in memory until a write to that product (docs/page-cache.md,
 * "Not pages"). What it hands out is shared: never changed by the caller.
 */
export function cachedProductsByIds(
  findByIds: (ids: ObjectId[]) => Promise<ProductDoc[]>,
  changes: PageChanges,
): (ids: ObjectId[]) => Promise<ProductDoc[]> {
  const read = cachedByIds(
    (ids) => findByIds(ids.map((id) => new ObjectId(id))),
    (product) => product._id.toHexString(),
    changes,
    { prefix: PRODUCT_DOC_TAG_PREFIX, all: ALL_PRODUCT_DOCS },
  );
  return (ids) => read(ids.map((id) => id.toHexString()));
}
