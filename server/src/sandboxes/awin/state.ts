import { z } from 'zod';

/*
 * What the Awin sandbox remembers: every call it accepted (for tests and for a developer to
 * look at) and the failure armed through its control route. In memory: a restart forgets them.
 */

export const AWIN_SANDBOX_API_KEY = 'sandbox-awin-key';
export const AWIN_SANDBOX_ADVERTISER_ID = '1001';

export type AwinSandboxCall = {
  path: string;
  headers: { 'x-api-key'?: string; authorization?: string; 'content-type'?: string };
  body: unknown;
  receivedAt: string;
};

export const FailSchema = z.object({
  status: z.number().int().min(400).max(599),
  retryAfter: z.number().int().min(0).optional(),
  times: z.number().int().min(1).default(1),
});

export function createAwinState() {
  const received: AwinSandboxCall[] = [];
  let failure: z.infer<typeof FailSchema> | null = null;
  return {
    received,
    /** The next `times` calls answer `status` instead of the API. */
    arm(next: z.infer<typeof FailSchema>) {
      failure = next;
    },
    /** The armed failure for this call, if any (counting it down). */
    takeFailure(): { status: number; retryAfter?: number } | null {
      if (!failure) return null;
      const { status, retryAfter } = failure;
      failure.times -= 1;
      if (failure.times <= 0) failure = null;
      return { status, retryAfter };
    },
    /** Keeps an accepted call (the headers that carry credentials, the body as parsed). */
    record(path: string, headers: Headers, body: unknown) {
      received.push({
        path,
        headers: {
          'x-api-key': headers.get('x-api-key') ?? undefined,
          authorization: headers.get('authorization') ?? undefined,
          'content-type': headers.get('content-type') ?? undefined,
        },
        body,
        receivedAt: new Date().toISOString(),
      });
    },
  };
}

export type AwinState = ReturnType<typeof createAwinState>;
