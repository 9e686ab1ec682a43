import { z } from 'zod';
import { ImageIdSchema, ProductImageSchema, ProductImageUploadSchema } from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import { routes } from '../../lib/route.ts';
import type { ImageService } from './images.service.ts';

/** A width's file name: `640.webp`. */
const VARIANT_FILE = /^([1-9][0-9]{0,3})\.webp$/;

/** Widths are named by their content: a URL never changes meaning, so caches keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = () => new AppError('NOT_FOUND', { message: 'No such image' });

/** The pictures the storefront shows: one width of one picture, as WebP. */
export const publicImageRoutes = (service: ImageService) =>
  routes('/images', { tag: 'catalogue', access: 'public' }).get(
    '/:id/:file',
    {
      summary: 'One width of a product picture',
      description:
        '`file` is `<width>.webp`, a width the picture is stored at (`asset.widths` of a product image). `image/webp`, cached for a year (the URL names the content).',
      params: z.object({ id: ImageIdSchema, file: z.string().regex(VARIANT_FILE) }),
      response: { status: 200, description: 'image/webp' },
      errors: [404],
    },
    async (c) => {
      const id = c.req.param('id');
      const width = VARIANT_FILE.exec(c.req.param('file'))?.[1];
      if (!ImageIdSchema.safeParse(id).success || !width) throw notFound();
      const etag = `"${id}-${width}"`;
      const headers = { 'Cache-Control': IMMUTABLE, ETag: etag };
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers);
      const data = await service.variant(id, Number(width));
      if (!data) throw notFound();
      return c.body(new Uint8Array(data), 200, { ...headers, 'Content-Type': 'image/webp' });
    },
  );

/** The admin's picture upload for a product (the catalogue's product edit). */
export const adminProductImageRoutes = (service: ImageService) =>
  routes('/admin/products', { tag: 'admin', access: 'admin' }).post(
    '/:id/images',
    {
      summary: 'Upload a product picture',
      description:
        'The picture as base64 (JPEG, PNG, WebP, AVIF, GIF or TIFF; at most 5 MB and 40 megapixels): stored, rendered as WebP 160, 320, 480, 640 and 1280 px wide (those no wider than it), and added after the product’s images. 400 when it is not such a picture, 409 when the product has 20 images.',
      body: ProductImageUploadSchema,
      response: { status: 201, description: 'The image as added', schema: ProductImageSchema },
      errors: [409],
    },
    async (c) => c.json(await service.upload(c.req.param('id'), c.req.valid('json')), 201),
  );
