import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** The entity tags of an `If-None-Match` header, weakness dropped (compression weakens ours). */
const tagsOf = (header: string | undefined) =>
  (header ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .filter(Boolean);

/**
 * A JSON answer for polling: an `ETag` of its bytes and `Cache-Control: private, no-cache`, so
 * a browser asks again with `If-None-Match` and an unchanged answer is a bodiless 304 (the
 * browser hands its stored copy to the page as a 200).
 */
export function jsonWithEtag(c: Context, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  c.header('ETag', etag);
  c.header('Cache-Control', 'private, no-cache');
  const wanted = tagsOf(c.req.header('If-None-Match'));
  if (wanted.includes(etag) || wanted.includes('*')) return c.body(null, 304);
  return c.body(body, 200, { 'Content-Type': 'application/json' });
}
