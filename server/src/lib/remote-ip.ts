import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The client's address, for reCAPTCHA and fraud checks (never for authorisation). */
export function remoteIp(c: Context): string | undefined {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // not on a Node socket (app.request in tests)
  }
}
