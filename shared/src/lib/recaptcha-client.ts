/**
 * reCAPTCHA v3 in the browser, for every form a guest can send (storefront sign-up, seller
 * application): Google's script is loaded on first use, only when a site key is configured.
 * Browser-only, so it is its own entry (`@market/shared/recaptcha-client`), not in the index.
 */
import { RECAPTCHA_TEST_TOKEN } from '../schemas/system.ts';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Thrown when reCAPTCHA could not load or answer. */
export class RecaptchaError extends Error {
  override readonly name = 'RecaptchaError';
}

let pendingScript: Promise<Grecaptcha> | undefined;

function loadScript(siteKey: string): Promise<Grecaptcha> {
  pendingScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new RecaptchaError('reCAPTCHA did not start'));
    };
    script.onerror = () => {
      script.remove();
      pendingScript = undefined;
      reject(new RecaptchaError('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return pendingScript;
}

/**
 * A reCAPTCHA v3 token for `action`; without a site key (development, test) the test token the
 * API accepts there.
 */
export async function recaptchaToken(siteKey: string | null, action: string): Promise<string> {
  if (!siteKey) return RECAPTCHA_TEST_TOKEN;
  const grecaptcha = await loadScript(siteKey);
  try {
    return await grecaptcha.execute(siteKey, { action });
  } catch {
    throw new RecaptchaError('reCAPTCHA did not answer');
  }
}
