import type { MaskedKey } from '@market/shared';
import type { CsvColumn } from '../lists/csv-exporter.ts';

/**
 * What a key list exports: the mask and metadata only. Named one by one so that a code, an
 * image or any secret a key record might carry never reaches a file (codes leave only through
 * the audited reveal).
 */
export const KEY_CSV_COLUMNS: readonly CsvColumn<MaskedKey>[] = [
  'id',
  'masked',
  'status',
  'productId',
  'productName',
  'offerId',
  'sellerId',
  'createdAt',
];
