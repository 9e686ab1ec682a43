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
 */
export function contentSecurityPolicy(client: ClientConfig): string {
  const identity = client.authEmulatorUrl
    ? [client.authEmulatorUrl]
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  const recaptcha = client.recaptchaSiteKey
    ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
    : [];
  const authFrame = client.authEmulatorUrl ?? `https://${client.firebase.authDomain}`;
  return [
    "default-src 'self'",
    [SCRIPT_SRC_SELF, ...recaptcha].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...identity, ...recaptcha].join(' '),
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
}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options.clientConfig),
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
