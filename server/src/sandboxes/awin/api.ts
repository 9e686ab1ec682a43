import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { AWIN_MAX_BATCH } from './awin-client.ts';

/*
 * A local stand-in for the two Awin calls we make (awin-client.ts), used whenever no
 * AWIN_API_KEY is configured. It checks what the real API requires, answers in its shapes and
 * remembers every call it took, for tests and for a developer to look at:
 *   GET  /__received   every accepted call, oldest first
 *   POST /__fail       `{ status, retryAfter?, times? }`: the next calls answer that status
 */

export const AWIN_SANDBOX_API_KEY = 'sandbox-awin-key';
export const AWIN_SANDBOX_ADVERTISER_ID = '1001';

export type AwinSandboxCall = {
  path: string;
  headers: { 'x-api-key'?: string; authorization?: string; 'content-type'?: string };
  body: unknown;
  receivedAt: string;
};

const OrderSchema = z.looseObject({
  orderReference: z.string().min(1),
  amount: z.number().nonnegative(),
  channel: z.string().min(1),
  awc: z.string().min(1).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  voucher: z.string().optional(),
  commissionGroups: z.array(z.object({ code: z.string(), amount: z.number() })).optional(),
  customerAcquisition: z.enum(['NEW', 'RETURNING']).optional(),
});
const OrdersSchema = z.object({ orders: z.array(OrderSchema).min(1).max(AWIN_MAX_BATCH) });

const TransactionRef = z.object({
  orderRef: z.string().min(1),
  transactionDate: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
  timezone: z.string().min(1),
});
const ValidationSchema = z
  .array(
    z.discriminatedUnion('action', [
      z.object({
        action: z.literal('decline'),
        transaction: TransactionRef.extend({ declineReason: z.string().min(1) }),
      }),
      z.object({
        action: z.literal('amend'),
        approve: z.boolean().optional(),
        transaction: TransactionRef.extend({
          amendReason: z.string().min(1),
          currency: z.string().regex(/^[A-Z]{3}$/),
          saleAmount: z.number().nonnegative(),
          transactionParts: z.array(
            z.object({ amount: z.number(), commissionGroupCode: z.string() }),
          ),
        }),
      }),
    ]),
  )
  .min(1);

const FailSchema = z.object({
  status: z.number().int().min(400).max(599),
  retryAfter: z.number().int().min(0).optional(),
  times: z.number().int().min(1).default(1),
});

export type AwinSandbox = { url: string; close(): Promise<void> };

/** Starts the sandbox on 127.0.0.1:`port` (0: a free port). */
export async function startAwinSandbox(options: { port?: number } = {}): Promise<AwinSandbox> {
  const received: AwinSandboxCall[] = [];
  let failure: z.infer<typeof FailSchema> | null = null;

  const invalid = (error: z.ZodError) => ({
    error: 'VALIDATION_ERROR',
    details: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
  });

  // An armed failure answers in place of the API, as many times as asked.
  const injectFailure = createMiddleware(async (c, next) => {
    if (!failure) return next();
    const { status, retryAfter } = failure;
    failure.times -= 1;
    if (failure.times <= 0) failure = null;
    if (retryAfter !== undefined) c.header('retry-after', String(retryAfter));
    return c.json({ error: 'SANDBOX_FAILURE' }, status as ContentfulStatusCode);
  });

  const app = new Hono()
    .get('/__received', (c) => c.json(received))
    .post('/__fail', async (c) => {
      const parsed = FailSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json(invalid(parsed.error), 400);
      failure = parsed.data;
      return c.body(null, 204);
    })
    .use('/s2s/*', injectFailure)
    .use('/advertisers/*', injectFailure)
    .post('/s2s/advertiser/:advertiserId/orders', async (c) => {
      if (!c.req.header('x-api-key')) return c.json({ error: 'UNAUTHORIZED' }, 401);
      const parsed = OrdersSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json(invalid(parsed.error), 400);
      record(c.req.path, c.req.raw.headers, parsed.data);
      return c.json({
        batchId: randomUUID(),
        successfulOrders: parsed.data.orders.map((o) => ({
          orderReference: o.orderReference,
          correlationId: randomUUID(),
        })),
        failedOrders: [],
        pendingOrders: [],
      });
    })
    .post('/advertisers/:advertiserId/transactions/batch', async (c) => {
      if (!/^Bearer \S+$/.test(c.req.header('authorization') ?? '')) {
        return c.json({ error: 'UNAUTHORIZED' }, 401);
      }
      const parsed = ValidationSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json(invalid(parsed.error), 400);
      record(c.req.path, c.req.raw.headers, parsed.data);
      return c.json(parsed.data.map((t) => ({ orderRef: t.transaction.orderRef, status: 'ok' })));
    });

  function record(path: string, headers: Headers, body: unknown) {
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
  }

  const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
