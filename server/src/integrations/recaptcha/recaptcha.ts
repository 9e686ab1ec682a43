import { RECAPTCHA_TEST_TOKEN } from '@market/shared';
import type { Logger } from '../../logger.ts';

export type Recaptcha = { verify(token: string, remoteIp?: string): Promise<boolean> };

const MIN_SCORE = 0.5;

/**
 * reCAPTCHA v3 check through siteverify when a secret is configured; without one (development,
 * test) only the documented test token passes.
 */
export function createRecaptcha(deps: {
  secret: string | undefined;
  verifyUrl: string;
  log: Logger;
}): Recaptcha {
  return {
    async verify(token, remoteIp) {
      if (!deps.secret) return token === RECAPTCHA_TEST_TOKEN;
      const body = new URLSearchParams({ secret: deps.secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      try {
        const res = await fetch(deps.verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(5_000),
        });
        const result = (await res.json()) as { success?: boolean; score?: number };
        return result.success === true && (result.score ?? 1) >= MIN_SCORE;
      } catch (err) {
        deps.log.error({ err }, 'reCAPTCHA siteverify failed');
        return false;
      }
    },
  };
}
