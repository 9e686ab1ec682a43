import { defineMiddleware } from 'astro:middleware';
import { withScriptHashes } from './lib/csp.ts';

/**
 * Pages get the server's Content-Security-Policy (CONTENT_SECURITY_POLICY, set before serving)
 * with the hashes of exactly the inline scripts they carry, computed from the rendered HTML so
 * no list is kept by hand and the policy never allows a script the page does not have.
 */
export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  const policy = process.env.CONTENT_SECURITY_POLICY;
  if (!policy || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', withScriptHashes(policy, html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
