import { ObjectId } from 'mongodb';

/** An id from the URL as an ObjectId; null when it cannot be one (answered as not found). */
export function toObjectId(hex: string): ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(hex) ? new ObjectId(hex) : null;
}

/** The ids of a getMany `id` filter that can exist; the others match nothing anyway. */
export function toObjectIds(ids: string | string[]): ObjectId[] {
  return [ids].flat().flatMap((hex) => toObjectId(hex) ?? []);
}
