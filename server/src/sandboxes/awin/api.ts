import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { AWIN_MAX_BATCH } from '../../integrations/awin/awin-client.ts';
import { FailSchema, type AwinState } from './state.ts';

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

const invalid = (error: z.ZodError) => ({
  error: 'VALIDATION_ERROR',
  details: error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
});

/** The two Awin calls awin-client.ts makes, and the sandbox's control routes (`/__…`). */
export function awinApi(awin: AwinState): Hono {
  // An armed failure answers in place of the API, as many times as asked.
  const injectFailure = createMiddleware(async (c, next) => {
    const failure = awin.takeFailure();
    if (!failure) return next();
    const { status, retryAfter } = failure;
    if (retryAfter !== undefined) c.header('retry-after', String(retryAfter));
    return c.json({ error: 'SANDBOX_FAILURE' }, status as ContentfulStatusCode);
  });

  const app = new Hono()
    .get('/__received', (c) => c.json(awin.received))
    .post('/__fail', async (c) => {
      const parsed = FailSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json(invalid(parsed.error), 400);
      awin.arm(parsed.data);
      return c.body(null, 204);
    })
    .use('/s2s/*', injectFailure)
    .use('/advertisers/*', injectFailure)
    .post('/s2s/advertiser/:advertiserId/orders', async (c) => {
      if (!c.req.header('x-api-key')) return c.json({ error: 'UNAUTHORIZED' }, 401);
      const parsed = OrdersSchema.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return c.json(invalid(parsed.error), 400);
      awin.record(c.req.path, c.req.raw.headers, parsed.data);
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
      awin.record(c.req.path, c.req.raw.headers, parsed.data);
      return c.json(parsed.data.map((t) => ({ orderRef: t.transaction.orderRef, status: 'ok' })));
    });

  return app;
}
