import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS } from '@market/shared';

/**
 * The only code that touches sharp (libvips): reading what an upload is and rendering its widths.
 * Everything here runs on libuv's thread pool, never on the event loop.
 */

// One libvips thread per image and no operation cache: the server shares two cores with the
// rest of the app, and a few renders at a time must not take them both nor keep pixels around.
sharp.concurrency(1);
sharp.cache(false);

/** What an upload may be: the raster formats browsers and cameras produce (no SVG: it can script). */
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);
/** Bigger pictures are refused before they are decoded (a small file can claim huge pixels). */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * WebP quality: product art and text stay crisp at a third of the JPEG size. Effort 2 encodes in
 * half the time of the default 4 for 3–5 % more bytes: widths are rendered on first request.
 * Changing these means bumping `RENDERING` (images.service.ts).
 */
const WEBP = { quality: 78, effort: 2 } as const;

export type Original = { bytes: Buffer; contentType: string; width: number; height: number };

/**
 * What an uploaded file is, or null when it is not a picture we take (unreadable, another
 * format, too many pixels). Width and height are as displayed (EXIF orientation applied).
 */
export async function readUpload(bytes: Buffer): Promise<Original | null> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return null;
  }
  if (!meta.format || !UPLOAD_FORMATS.has(meta.format)) return null;
  const { width, height } = meta.autoOrient;
  if (!width || !height || width * height > MAX_INPUT_PIXELS) return null;
  return { bytes, contentType: `image/${meta.format}`, width, height };
}

/** The widths served of a picture `width` px wide: the standard ones it covers, else its own. */
export function widthsFor(width: number): number[] {
  const fitting = IMAGE_WIDTHS.filter((w) => w <= width);
  return fitting.length ? fitting : [width];
}

/**
 * One width of a picture as WebP, without metadata (EXIF, GPS) and oriented as displayed. An SVG
 * original (the demo pictures) is drawn at that width rather than drawn large and shrunk.
 */
export async function renderWebp(
  original: Pick<Original, 'bytes' | 'contentType' | 'width'>,
  width: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const svg = original.contentType === 'image/svg+xml';
  const input = sharp(original.bytes, {
    limitInputPixels: MAX_INPUT_PIXELS,
    ...(svg && { density: (72 * width) / original.width }),
  });
  const { data, info } = await input
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .webp(WEBP)
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
