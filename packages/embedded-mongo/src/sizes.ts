/**
 * An upper bound of a stored document's BSON size: its journal record's, noted when written, so
 * a batch need not measure documents again. Documents without one (replayed, projected,
 * computed) are measured.
 */
export const knownSize = new WeakMap<object, number>();
