import { RECAPTCHA_TEST_TOKEN } from '@market/shared';
import type { Logger } from '../../logger.ts';
import { httpRequest } from '../../lib/http-client.ts';

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
        const res = await httpRequest(deps.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          timeoutMs: 5_000,
        });
        const result = JSON.parse(await res.text()) as { success?: boolean; score?: number };
        return result.success === true && (result.score ?? 1) >= MIN_SCORE;
      } catch (err) {
        deps.log.error({ err }, 'reCAPTCHA siteverify failed');
        return false;
      }
    },
  };
}
