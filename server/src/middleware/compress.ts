import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import {
  COMPRESS_THRESHOLD,
  DYNAMIC_BROTLI,
  DYNAMIC_GZIP,
  forbidsTransform,
  isCompressibleType,
  negotiateCoding,
  type Coding,
} from '../lib/compression-policy.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Whole bodies go through zlib's thread pool: the event loop is not held while they shrink. */
const compressBuffer = (body: Buffer, coding: Coding): Promise<Buffer> =>
  coding === 'br' ? brotli(body, DYNAMIC_BROTLI) : gzip(body, DYNAMIC_GZIP);

/** A file's stream through zlib; a read error ends the answer (pipeline destroys both). */
const compressStream = (body: ReadableStream<Uint8Array>, coding: Coding) =>
  Readable.toWeb(
    pipeline(
      Readable.fromWeb(body as NodeReadableStream<Uint8Array>),
      coding === 'br' ? zlib.createBrotliCompress(DYNAMIC_BROTLI) : zlib.createGzip(DYNAMIC_GZIP),
      () => {},
    ),
  ) as ReadableStream<Uint8Array>;

function addVary(headers: Headers) {
  const vary = headers.get('Vary');
  if (vary === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? '')) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Brotli or gzip, as the client's Accept-Encoding allows (brotli preferred), for the Hono app's
 * text answers (JSON, HTML, JS, CSS) of 1 kB or more. Hono's own `compress` has no brotli and
 * compresses bodies of unknown length however small (every `c.json`), hence this one. Left
 * alone: answers that already carry a Content-Encoding (precompressed statics and cached
 * pages), event streams, `no-transform`, HEAD and partial content. A body of unknown length
 * (our JSON, built in memory) is read whole to know its size; one of known length (a file) is
 * compressed as it streams.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || !isCompressibleType(res.headers.get('Content-Type'))) return;
    addVary(res.headers);
    if (
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      forbidsTransform(res.headers.get('Cache-Control')) ||
      c.req.method === 'HEAD'
    )
      return;
    const coding = negotiateCoding(c.req.header('Accept-Encoding'));
    if (!coding) return;
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < COMPRESS_THRESHOLD) return;

    let body: Buffer | ReadableStream<Uint8Array>;
    if (declared === null) {
      const whole = Buffer.from(await res.arrayBuffer());
      if (whole.length < COMPRESS_THRESHOLD) {
        c.res = new Response(whole, res);
        return;
      }
      body = await compressBuffer(whole, coding);
    } else {
      body = compressStream(res.body, coding);
    }
    c.res = new Response(body, res);
    // Hono's `c.res` setter copies the previous answer's headers: set ours after it.
    c.res.headers.delete('Content-Length');
    if (body instanceof Buffer) c.res.headers.set('Content-Length', String(body.length));
    c.res.headers.set('Content-Encoding', coding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
