import zlib from 'node:zlib';
import compressible from 'compressible';
import Negotiator from 'negotiator';

/**
 * What both compressors share (the Hono app's, middleware/compress.ts, and the storefront
 * pages', http-server.ts): which answers are worth compressing, with what, and how hard.
 */

/** Below this a compressed body saves less than the bytes and the CPU it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** Brotli first: 15–25 % smaller than gzip on text at a comparable CPU cost at these levels. */
const PREFERRED = ['br', 'gzip'];

export type Coding = 'br' | 'gzip';

/** Brotli quality 4 and gzip level 6 keep a 100 kB JSON answer to about a millisecond. */
export const DYNAMIC_BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
};
export const DYNAMIC_GZIP: zlib.ZlibOptions = { level: 6 };

/** Negotiator 1.x's `encoding`, whose `preferred` breaks ties of q (@types still has 0.6's). */
type EncodingOf = (available: string[], options: { preferred: string[] }) => string | undefined;

/** The coding the client accepts that we prefer, or null for the body as it is. */
export function negotiateCoding(acceptEncoding: string | undefined): Coding | null {
  if (!acceptEncoding) return null;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } });
  const chosen = (negotiator.encoding as unknown as EncodingOf).call(
    negotiator,
    [...PREFERRED, 'identity'],
    { preferred: PREFERRED },
  );
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * Text-like types (HTML, JSON, JS, CSS, SVG…), never an event stream: each event must reach
 * the client when written, and a compressor would hold it back until its buffer fills.
 */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  if (!contentType || /^\s*text\/event-stream/i.test(contentType)) return false;
  return compressible(contentType) === true;
}

/** `Cache-Control: no-transform` forbids changing the body (RFC 9111 §5.2.2.6). */
export const forbidsTransform = (cacheControl: string | null | undefined): boolean =>
  /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl ?? '');
