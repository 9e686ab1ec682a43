import { listen } from '../kit.ts';
import { awinApi } from './api.ts';
import { createAwinState } from './state.ts';

export { AWIN_SANDBOX_ADVERTISER_ID, AWIN_SANDBOX_API_KEY, type AwinSandboxCall } from './state.ts';

/*
 * A local stand-in for the two Awin calls we make (awin-client.ts), used whenever no
 * AWIN_API_KEY is configured. It checks what the real API requires, answers in its shapes and
 * remembers every call it took, for tests and for a developer to look at:
 *   GET  /__received   every accepted call, oldest first
 *   POST /__fail       `{ status, retryAfter?, times? }`: the next calls answer that status
 */

export type AwinSandbox = { url: string; close(): Promise<void> };

/** Starts the sandbox on 127.0.0.1:`port` (0: a free port). */
export async function startAwinSandbox(options: { port?: number } = {}): Promise<AwinSandbox> {
  const server = await listen(awinApi(createAwinState()), options.port ?? 0);
  return { url: server.url, close: () => server.close() };
}
