import {
  imageVariantPath,
  type ImageShape,
  type ImageSize,
  type ProductImage,
} from '@market/shared';

/**
 * What a product picture's `<img>` carries (components/catalogue/ProductImage.astro): a plain
 * `<img>`, no island, with `srcset` over the widths the server rendered, `sizes` for where it is
 * shown, and its intrinsic width and height so the page never shifts as it loads.
 */

/** Shown for a product without a picture: a static drawing, cached like the other files. */
export const PLACEHOLDER = { src: '/images/placeholder.svg', width: 640, height: 480 } as const;

/**
 * How wide each view shows a picture, for `sizes`. Small: a product card in the grid (one to six
 * columns at the spec's breakpoints, inside the container's max width). Large: the product page.
 */
export const IMAGE_SIZES_ATTR: Record<ImageSize, string> = {
  small:
    '(min-width: 1280px) 240px, (min-width: 992px) 25vw, (min-width: 600px) 33vw, (min-width: 360px) 50vw, 100vw',
  large: '(min-width: 768px) 480px, 100vw',
};

/** The picture for a view: the first image made for that size, else the first one, if any. */
export function pickImage(
  images: readonly ProductImage[],
  size: ImageSize,
): ProductImage | undefined {
  return images.find((image) => image.size === size) ?? images[0];
}

export type ImageAttrs = {
  src: string;
  srcset?: string;
  sizes?: string;
  width: number;
  height: number;
  shape: ImageShape;
};

/** The `<img>` attributes of a product's picture for a view, the placeholder when it has none. */
export function imageAttrs(
  image: ProductImage | undefined,
  size: ImageSize,
  shape?: ImageShape,
): ImageAttrs {
  if (!image) return { ...PLACEHOLDER, shape: shape ?? 'rectangle' };
  const own = { shape: shape ?? image.shape };
  const asset = image.asset;
  // A picture given by address only (not uploaded): its size is unknown, drawn as 4:3.
  if (!asset)
    return { src: image.url, width: PLACEHOLDER.width, height: PLACEHOLDER.height, ...own };
  return {
    src: image.url,
    srcset: asset.widths.map((w) => `${imageVariantPath(asset.id, w)} ${w}w`).join(', '),
    sizes: IMAGE_SIZES_ATTR[size],
    width: asset.width,
    height: asset.height,
    ...own,
  };
}

/**
 * The product's pictures as absolute URLs for its JSON-LD `image`: the largest width of each
 * stored picture (an address as given), the placeholder when it has none.
 */
export function jsonLdImages(images: readonly ProductImage[], origin: string): string[] {
  const urls = images.map((image) =>
    image.asset ? imageVariantPath(image.asset.id, image.asset.widths.at(-1)!) : image.url,
  );
  return (urls.length ? urls : [PLACEHOLDER.src]).map((url) => new URL(url, origin).href);
}
