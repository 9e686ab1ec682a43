import { z } from 'zod';

/** What a product is: a game key, a software licence, a gift card (with a denomination) or an account. */
export const PRODUCT_TYPES = ['key', 'software', 'giftcard', 'account'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const ProductTypeSchema = z.enum(PRODUCT_TYPES);

export const IMAGE_SHAPES = ['rectangle', 'rounding'] as const;
export const IMAGE_SIZES = ['small', 'large'] as const;
export type ImageShape = (typeof IMAGE_SHAPES)[number];
export type ImageSize = (typeof IMAGE_SIZES)[number];
