import { ObjectId } from 'mongodb';
import { cachedByIds, type HeardCache } from '../../page-cache/cached-by-id.ts';
import { ALL_PRODUCT_DOCS, PRODUCT_DOC_TAG_PREFIX } from '../../page-cache/page-tags.ts';
import type { ProductDoc } from './products.repository.ts';

/**
 * `findByIds` with the documents kept in memory until a write to that product (docs/page-cache.md,
 * "Not pages"; its module declares `heard` among its change listeners). What it hands out is
 * shared: never changed by the caller.
 */
export function cachedProductsByIds(
  findByIds: (ids: ObjectId[]) => Promise<ProductDoc[]>,
): HeardCache<(ids: ObjectId[]) => Promise<ProductDoc[]>> {
  const { read, heard } = cachedByIds(
    (ids) => findByIds(ids.map((id) => new ObjectId(id))),
    (product) => product._id.toHexString(),
    { prefix: PRODUCT_DOC_TAG_PREFIX, all: ALL_PRODUCT_DOCS },
  );
  return { read: (ids) => read(ids.map((id) => id.toHexString())), heard };
}
