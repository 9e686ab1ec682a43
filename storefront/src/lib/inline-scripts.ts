import { createHash } from 'node:crypto';
import type { APIContext } from 'astro';
import { THEME_COOKIE } from './theme.ts';

/**
 * The page's inline scripts are allowed by the Content-Security-Policy one by one, by their
 * SHA-256 (the server copies these hashes into the header it sends). `allowInlineScript` is
 * called with the exact text a component renders inside `<script is:inline set:html>`, so a
 * script can never drift from its hash. Only our own constant scripts go through here: hashing
 * text that holds request data would let injected markup allow itself.
 */
export function allowInlineScript(csp: APIContext['csp'], source: string): string {
  csp?.insertScriptHash(`sha256-${createHash('sha256').update(source).digest('base64')}`);
  return source;
}

/**
 * Applies the theme cookie before the first paint, in `<head>`. The server renders the same
 * HTML for everyone (no `Vary: Cookie`, so one cached page serves every visitor); this script
 * is what makes a dark-theme visitor's page dark without a flash.
 */
export const THEME_SCRIPT = `document.documentElement.dataset.theme=/(?:^|;\\s*)${THEME_COOKIE}=dark(?:;|$)/.test(document.cookie)?'dark':'light';`;
