import { createHash } from 'node:crypto';
import { ObjectId } from 'mongodb';
import {
  imageVariantPath,
  MAX_IMAGE_UPLOAD_BYTES,
  type ImageAsset,
  type ProductImage,
  type ProductImageUpload,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ProductFacade } from '../products/products.facade.ts';
import { readUpload, renderWebp, widthsFor, type Original } from './image-render.ts';
import { bytesOf, type ImageRepository } from './images.repository.ts';

/** The most images one product holds (as `ProductFieldsSchema` allows). */
const MAX_IMAGES_PER_PRODUCT = 20;

/**
 * Bumped when the rendering changes (quality, format): ids, hence URLs, change with it, so
 * caches that keep a width for a year never serve an old rendering under a new promise.
 */
const RENDERING = 'webp-q78-e2';

/** An image's id: its content (and the rendering) hashed, so its URLs never change meaning. */
export const imageIdOf = (bytes: Buffer) =>
  createHash('sha256').update(RENDERING).update(bytes).digest('hex').slice(0, 32);

/** The width a plain `src` shows: the largest up to 640 px, else the smallest there is. */
const defaultWidth = (widths: readonly number[]) =>
  widths.filter((w) => w <= 640).at(-1) ?? widths[0]!;

/** The product image entry of a stored picture. */
export function productImageOf(
  asset: ImageAsset,
  options: Pick<ProductImage, 'shape' | 'size'>,
): ProductImage {
  const url = imageVariantPath(asset.id, defaultWidth(asset.widths));
  return { url, shape: options.shape, size: options.size, asset };
}

const invalidData = (message: string) =>
  new AppError('VALIDATION_FAILED', { errors: { data: message } });

type Deps = {
  images: ImageRepository;
  products: Pick<ProductFacade, 'findById' | 'pushImage'>;
};

/** Product pictures: stored as uploaded, served at fixed widths as WebP (README.md). */
export function createImageService({ images, products }: Deps) {
  /** Renders being made now, by variant: concurrent first requests for one width render it once. */
  const rendering = new Map<string, Promise<{ data: Buffer } | null>>();

  async function renderAndStore(id: string, width: number) {
    const original = await images.findOriginal(id);
    if (!original?.widths.includes(width)) return null;
    const made = await renderWebp({ ...original, bytes: bytesOf(original.bytes) }, width);
    // Keyed by the width asked for: a picture narrower than 160 px has its own width only.
    await images.putVariant({ imageId: id, contentType: 'image/webp', ...made, width });
    return { data: made.data };
  }

  /**
   * One width of a picture as WebP, or null when there is no such picture or width. A width not
   * rendered yet (the demo pictures are stored as drawings only) is rendered now and kept.
   */
  async function variant(id: string, width: number): Promise<Buffer | null> {
    const stored = await images.findVariant(id, width);
    if (stored) return bytesOf(stored.data);
    const key = `${id}/${width}`;
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderAndStore(id, width).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return (await pending)?.data ?? null;
  }

  /** Stores an original and returns its asset; `render` makes every width now (uploads). */
  async function store(original: Original, render: boolean): Promise<ImageAsset> {
    const id = imageIdOf(original.bytes);
    const widths = widthsFor(original.width);
    await images.putOriginal({ _id: id, ...original, widths });
    if (render) for (const width of widths) await variant(id, width);
    return { id, width: original.width, height: original.height, widths };
  }

  return {
    variant,
    store,

    /**
     * An admin's upload: checked (a picture of a format we take, at most 5 MB and 40 MP), its
     * widths rendered, then added after the product's other images — a write to the product,
     * so its page and the listings are dropped from the page cache.
     */
    async upload(productId: string, input: ProductImageUpload): Promise<ProductImage> {
      const oid = /^[0-9a-f]{24}$/i.test(productId) ? new ObjectId(productId) : null;
      const product = oid && (await products.findById(oid));
      if (!product) throw new AppError('NOT_FOUND', { message: 'No such product' });
      const bytes = Buffer.from(input.data, 'base64');
      if (bytes.length > MAX_IMAGE_UPLOAD_BYTES) throw invalidData('At most 5 MB');
      const original = await readUpload(bytes);
      if (!original) {
        throw invalidData('Not a picture we take: send a JPEG, PNG, WebP, AVIF, GIF or TIFF');
      }
      const image = productImageOf(await store(original, true), input);
      const updated = await products.pushImage(product._id, image, MAX_IMAGES_PER_PRODUCT);
      if (!updated) {
        throw new AppError('CONFLICT', {
          message: `A product has at most ${MAX_IMAGES_PER_PRODUCT} images: remove one first`,
        });
      }
      return image;
    },
  };
}
export type ImageService = ReturnType<typeof createImageService>;
