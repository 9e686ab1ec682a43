import { Binary, type Db } from 'mongodb';

/**
 * Pictures are stored in MongoDB, a document per file (an original of at most 5 MB, a WebP
 * width of a few hundred kB: far below the 16 MB document limit), so they live, back up and
 * replicate with the rest of the data and need no file store. GridFS would only split them into
 * chunks for nothing at these sizes.
 */

/** A stored original: what every width is rendered from. `_id` is the image id (content hash). */
export type ImageDoc = {
  _id: string;
  contentType: string;
  width: number;
  height: number;
  widths: number[];
  bytes: Binary;
  createdAt: Date;
};

/** One rendered width of an image: `_id` is `<imageId>/<width>.webp`. */
export type ImageVariantDoc = {
  _id: string;
  imageId: string;
  contentType: string;
  width: number;
  height: number;
  data: Binary;
  createdAt: Date;
};

export const variantKey = (imageId: string, width: number) => `${imageId}/${width}.webp`;

/** The bytes of a stored Binary, without a copy. */
export const bytesOf = (binary: Binary): Buffer => {
  const view = binary.value();
  return Buffer.from(view.buffer, view.byteOffset, view.byteLength);
};

/** The only code that touches the `images` and `image_variants` collections. */
export function createImageRepository(db: Db) {
  const images = db.collection<ImageDoc>('images');
  const variants = db.collection<ImageVariantDoc>('image_variants');
  return {
    /** Stores an original once: the id names its content, so a second store changes nothing. */
    async putOriginal(doc: Omit<ImageDoc, 'bytes' | 'createdAt'> & { bytes: Buffer }) {
      const { _id, ...fields } = doc;
      await images.updateOne(
        { _id },
        { $setOnInsert: { ...fields, bytes: new Binary(doc.bytes), createdAt: new Date() } },
        { upsert: true },
      );
    },
    /** Many originals at once (the demo pictures), each stored once. */
    async putOriginals(docs: (Omit<ImageDoc, 'bytes' | 'createdAt'> & { bytes: Buffer })[]) {
      if (!docs.length) return;
      const now = new Date();
      await images.bulkWrite(
        docs.map(({ _id, ...fields }) => ({
          updateOne: {
            filter: { _id },
            update: {
              $setOnInsert: { ...fields, bytes: new Binary(fields.bytes), createdAt: now },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
    },
    findOriginal: (id: string) => images.findOne({ _id: id }),
    findVariant: (id: string, width: number) => variants.findOne({ _id: variantKey(id, width) }),
    /** Stores a rendered width once; renders of the same width are the same bytes. */
    async putVariant(doc: Omit<ImageVariantDoc, '_id' | 'data' | 'createdAt'> & { data: Buffer }) {
      const { data, ...fields } = doc;
      await variants.updateOne(
        { _id: variantKey(doc.imageId, doc.width) },
        { $setOnInsert: { ...fields, data: new Binary(data), createdAt: new Date() } },
        { upsert: true },
      );
    },
  };
}
export type ImageRepository = ReturnType<typeof createImageRepository>;
