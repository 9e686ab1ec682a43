import type { ClientConfig } from '@market/shared';

/** The one directive the storefront extends, per page, with the hashes of its inline scripts. */
export const SCRIPT_SRC_SELF = "script-src 'self'";

/**
 * The Content-Security-Policy of every response: our own scripts only (the storefront adds the
 * hashes of each page's inline scripts), never framed (clickjacking on "reveal key" or "claim
 * account"), no plugins, no `<base>` hijack, forms posting only to us. Sign-in talks to Firebase
 * (or the emulator) and reCAPTCHA, so those are allowed where each needs to be.
 * Styles allow 'unsafe-inline': the consoles' MUI injects `<style>` tags at run time and the
 * storefront's markup carries `style` attributes; CSS cannot run script.
 * Configured consent-gated tags (lib/shop-site.ts) add their origins to script-src and
 * connect-src (tags report back to where they came from); none configured, nothing is added.
 */
export function contentSecurityPolicy(
  client: ClientConfig,
  tagOrigins: readonly string[] = [],
): string {
  const identity = client.authEmulatorUrl
    ? [client.authEmulatorUrl]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const recaptcha = client.recaptchaSiteKey
    ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
    : [];
  const authFrame = client.authEmulatorUrl ?? `https://${client.firebase.authDomain}`;
  return [
    "default-src 'self'",
    [SCRIPT_SRC_SELF, ...recaptcha, ...tagOrigins].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...identity, ...recaptcha, ...tagOrigins].join(' '),
    ['frame-src', authFrame, ...recaptcha].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Headers every response carries, pages, consoles, API and static files alike. HSTS only in
 * production: on a development machine it would pin `localhost` to https for two years.
 */
export function securityHeaders(options: {
  production: boolean;
  clientConfig: ClientConfig;
  /** Origins of the configured consent-gated tags (tagOriginsOf). */
  tagOrigins?: readonly string[];
}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options.clientConfig, options.tagOrigins),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Google's sign-in popup must be able to answer its opener.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...(options.production
      ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' }
      : {}),
  };
}

/** The hash sources (`'sha256-…'`) in a policy's script-src: what Astro computed for a page. */
export function scriptHashesOf(policy: string | undefined): string[] {
  const scriptSrc = policy
    ?.split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('script-src '));
  return scriptSrc?.match(/'sha(256|384|512)-[A-Za-z0-9+/=]+'/g) ?? [];
}

/** Our policy with a page's inline-script hashes added to its `script-src 'self'`. */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  if (!hashes.length) return policy;
  return policy.replace(SCRIPT_SRC_SELF, `${SCRIPT_SRC_SELF} ${hashes.join(' ')}`);
}
