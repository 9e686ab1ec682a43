import { httpRequest, type HttpAnswer } from '../../lib/http-client.ts';
import { PaymentError, type PaymentProviderName } from './payment-provider.ts';

export type ProviderAnswer = { status: number; body: unknown; headers: Headers };

const TIMEOUT_MS = 20_000;
const RETRY_DELAY_MS = 200;

/**
 * One HTTP call to a provider. A connection that fails outright (a pooled socket the other side
 * closed, a refused connect) is tried once more: every POST carries an idempotency key, so a
 * repeat cannot double an effect. Still failing, or timing out, it becomes PaymentError
 * UNAVAILABLE (the caller may retry later with the same key). Any HTTP answer is returned for the
 * client to interpret, its JSON body parsed (null when empty or not JSON); 5xx is UNAVAILABLE.
 */
export async function callProvider(
  provider: PaymentProviderName,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array | undefined },
): Promise<ProviderAnswer> {
  let res: HttpAnswer | null = null;
  for (let attempt = 0; !res; attempt++) {
    try {
      res = await httpRequest(url, { ...init, timeoutMs: TIMEOUT_MS });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      if (attempt > 0 || timedOut) {
        throw new PaymentError(provider, 'UNAVAILABLE', `${provider} could not be reached`, {
          providerCode: err instanceof Error ? err.name : null,
        });
      }
      await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
    }
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (res.status >= 500) {
    throw new PaymentError(provider, 'UNAVAILABLE', `${provider} answered ${res.status}`, {
      httpStatus: res.status,
    });
  }
  return { status: res.status, body, headers: res.headers };
}

/** A JSON object's field, typed loosely: provider answers are checked where they are read. */
export type Json = Record<string, unknown>;
export const asObject = (v: unknown): Json =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const asString = (v: unknown): string | null => (typeof v === 'string' ? v : null);
