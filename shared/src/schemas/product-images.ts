import { z } from 'zod';
import { IMAGE_SHAPES, IMAGE_SIZES } from '../constants/products.ts';

/**
 * Product pictures the server stores and resizes (`server/src/modules/images/`). An upload is
 * kept as sent and rendered to WebP at each of `IMAGE_WIDTHS` no wider than itself; each width
 * is served at `imageVariantPath(id, width)`, a URL that names the picture's content, so it is
 * cached for a year and never changes.
 */

/**
 * The widths (px) rendered of every picture: card thumbnails at 1x to 2x (a phone's two columns
 * at 1.75x want 360 px: 480 saves a third of the bytes of 640), up to the product page at 2x.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 1280] as const;

/** The largest upload the admin may send, in bytes of the picture itself (before base64). */
export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;

/** An image id: the first 32 hex digits of the SHA-256 of the stored original. */
export const ImageIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'An image id');

/** A stored picture: its id, its intrinsic size and the widths it is served at. */
export const ImageAssetSchema = z.object({
  id: ImageIdSchema,
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(20_000),
  widths: z.array(z.number().int().min(1).max(4096)).min(1).max(8),
});
export type ImageAsset = z.infer<typeof ImageAssetSchema>;

/** Where one width of a stored picture is served (WebP). */
export const imageVariantPath = (id: string, width: number) => `/api/images/${id}/${width}.webp`;

/**
 * Body of `POST /api/admin/products/:id/images`: the picture as base64 (JPEG, PNG, WebP, AVIF,
 * GIF or TIFF, at most `MAX_IMAGE_UPLOAD_BYTES`), and how the storefront shows it. It is added
 * after the product's other images.
 */
export const ProductImageUploadSchema = z.object({
  data: z
    .base64('The picture, base64-encoded')
    .min(1, 'Required')
    .max(Math.ceil(MAX_IMAGE_UPLOAD_BYTES / 3) * 4, 'At most 5 MB'),
  shape: z.enum(IMAGE_SHAPES).default('rectangle'),
  size: z.enum(IMAGE_SIZES).default('large'),
});
export type ProductImageUpload = z.infer<typeof ProductImageUploadSchema>;
