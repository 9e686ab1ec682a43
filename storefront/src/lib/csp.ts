import { createHash } from 'node:crypto';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** Data blocks (JSON-LD, JSON) are never run, so the policy need not name them. */
const DATA_TYPE = /\btype\s*=\s*["']?application\/(ld\+)?json/i;
const EXTERNAL = /\bsrc\s*=/i;

/** The CSP hash source of every inline script the HTML would run, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (EXTERNAL.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy with the page's inline script hashes added to its `script-src 'self'`. */
export function withScriptHashes(policy: string, html: string): string {
  const hashes = inlineScriptHashes(html);
  if (!hashes.length) return policy;
  return policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`);
}
