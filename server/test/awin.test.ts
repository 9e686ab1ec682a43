import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAffiliateReporter,
  type AffiliateOrder,
  type AffiliateReporter,
} from '../src/modules/affiliates/affiliate-reporter.ts';
import type { AwinSandboxCall } from '../src/sandboxes/awin/index.ts';
import { createLogger } from '../src/logger.ts';
import { createAffiliateReportRepository } from '../src/modules/affiliates/affiliate-reports.repository.ts';
import { startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
let reporter: AffiliateReporter;
/** The reporter's clock, moved by hand to reach retry times. */
let clock = Date.now();
let n = 0;

beforeAll(async () => {
  t = await startTestServer();
  reporter = createAffiliateReporter({
    reports: createAffiliateReportRepository(t.db),
    awin: t.awin.client!,
    log: createLogger('silent'),
    now: () => new Date(clock),
  });
});
afterAll(() => t.close());

const sandbox = () => t.awin.sandbox!.url;

/** An order an Awin click brought: €19.99 after discounts, excluding VAT. */
const order = (fields: Partial<AffiliateOrder> = {}): AffiliateOrder => ({
  number: `M-${Date.now().toString(36)}-${n++}`,
  currency: 'eur',
  netSubtotalCents: 1999,
  attribution: { awc: '12345_1700000000_a1b2c3', channel: 'aw' },
  voucher: 'SPRING10',
  newCustomer: true,
  placedAt: new Date('2025-03-01T10:15:30.000Z'),
  ...fields,
});

/** The calls the sandbox took about one order. */
async function callsFor(orderReference: string): Promise<AwinSandboxCall[]> {
  const calls = (await (await fetch(`${sandbox()}/__received`)).json()) as AwinSandboxCall[];
  return calls.filter((c) => JSON.stringify(c.body).includes(`"${orderReference}"`));
}

/** Makes the sandbox answer the next `times` calls with `status`. */
async function failNext(status: number, extra: { retryAfter?: number; times?: number } = {}) {
  const res = await fetch(`${sandbox()}/__fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status, ...extra }),
  });
  expect(res.status).toBe(204);
}

describe('reportConversion', () => {
  it('sends the Conversion API call the Awin doc gives', async () => {
    const o = order();
    expect(await reporter.reportConversion(o)).toBe('sent');
    const [call, ...more] = await callsFor(o.number);
    expect(more).toEqual([]);
    expect(call!.path).toBe('/s2s/advertiser/1001/orders');
    expect(call!.headers['x-api-key']).toBeTruthy();
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.body).toEqual({
      orders: [
        {
          orderReference: o.number,
          amount: 19.99,
          channel: 'aw',
          awc: '12345_1700000000_a1b2c3',
          currency: 'EUR',
          voucher: 'SPRING10',
          commissionGroups: [{ code: 'DEFAULT', amount: 19.99 }],
          customerAcquisition: 'NEW',
        },
      ],
    });
  });

  it('sends a conversion once, even when asked twice at the same moment and again later', async () => {
    const o = order();
    const outcomes = await Promise.all([
      reporter.reportConversion(o),
      reporter.reportConversion(o),
    ]);
    expect(outcomes.sort()).toEqual(['already_reported', 'sent']);
    expect(await reporter.reportConversion(o)).toBe('already_reported');
    await reporter.retryPending();
    expect(await callsFor(o.number)).toHaveLength(1);
  });

  it('sends nothing for an order no Awin click brought or another paid channel won', async () => {
    const organic = order({ attribution: { awc: null, channel: null } });
    const otherChannel = order({ attribution: { awc: '1_2_3', channel: 'other' } });
    expect(await reporter.reportConversion(organic)).toBe('not_awin');
    expect(await reporter.reportConversion(otherChannel)).toBe('not_awin');
    expect(await callsFor(organic.number)).toEqual([]);
    expect(await callsFor(otherChannel.number)).toEqual([]);
  });

  it('falls back to the aw channel when the channel cookie had run out', async () => {
    const o = order({ attribution: { awc: '1_2_3', channel: null }, voucher: null });
    expect(await reporter.reportConversion(o)).toBe('sent');
    const [call] = await callsFor(o.number);
    const [sent] = (call!.body as { orders: Array<Record<string, unknown>> }).orders;
    expect(sent).toMatchObject({ channel: 'aw', awc: '1_2_3' });
    expect(sent).not.toHaveProperty('voucher');
  });

  it('waits out a 429 for its Retry-After, then sends the stored conversion', async () => {
    const o = order({ netSubtotalCents: 4250, currency: 'gbp', newCustomer: false });
    await failNext(429, { retryAfter: 120 });
    expect(await reporter.reportConversion(o)).toBe('queued');

    clock += 60_000;
    await reporter.retryPending();
    expect(await callsFor(o.number)).toEqual([]);

    clock += 61_000;
    expect((await reporter.retryPending()).sent).toBeGreaterThanOrEqual(1);
    const calls = await callsFor(o.number);
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as { orders: unknown[] }).orders).toContainEqual(
      expect.objectContaining({ orderReference: o.number, amount: 42.5, currency: 'GBP' }),
    );
    await reporter.retryPending();
    expect(await callsFor(o.number)).toHaveLength(1);
  });

  it('retries a server error with backoff', async () => {
    const o = order();
    await failNext(503);
    expect(await reporter.reportConversion(o)).toBe('queued');
    await reporter.retryPending();
    expect(await callsFor(o.number)).toEqual([]);
    clock += 31_000;
    await reporter.retryPending();
    expect(await callsFor(o.number)).toHaveLength(1);
  });

  it('sends a conversion whose sender died mid-call once its claim runs out', async () => {
    const o = order();
    const dying = createAffiliateReporter({
      reports: createAffiliateReportRepository(t.db),
      awin: { sendConversions: () => new Promise(() => {}), amend: () => new Promise(() => {}) },
      log: createLogger('silent'),
      now: () => new Date(clock),
    });
    void dying.reportConversion(o);
    await expect
      .poll(() =>
        t.db
          .collection('affiliateReports')
          .countDocuments({ orderReference: o.number, status: 'sending' }),
      )
      .toBe(1);
    await reporter.retryPending();
    expect(await callsFor(o.number)).toEqual([]);
    clock += 61_000;
    await reporter.retryPending();
    expect(await callsFor(o.number)).toHaveLength(1);
  });

  it('gives up on a conversion Awin refuses as invalid', async () => {
    const o = order();
    await failNext(400);
    expect(await reporter.reportConversion(o)).toBe('failed');
    clock += 24 * 3_600_000;
    await reporter.retryPending();
    expect(await callsFor(o.number)).toEqual([]);
  });
});

describe('reportAmendment', () => {
  it('amends a partly refunded sale to what stands, once per refunded total', async () => {
    const o = order();
    await reporter.reportConversion(o);
    expect(await reporter.reportAmendment(o, 500)).toBe('sent');
    expect(await reporter.reportAmendment(o, 500)).toBe('already_reported');
    const [, amend, ...more] = await callsFor(o.number);
    expect(more).toEqual([]);
    expect(amend!.path).toBe('/advertisers/1001/transactions/batch');
    expect(amend!.headers.authorization).toMatch(/^Bearer \S+$/);
    expect(amend!.body).toEqual([
      {
        action: 'amend',
        approve: false,
        transaction: {
          orderRef: o.number,
          transactionDate: '2025-03-01T10:15:30',
          timezone: 'UTC',
          amendReason: 'partial refund',
          currency: 'EUR',
          saleAmount: 14.99,
          transactionParts: [{ amount: 14.99, commissionGroupCode: 'DEFAULT' }],
        },
      },
    ]);
  });

  it('declines a fully refunded sale, and changes nothing after a decline', async () => {
    const o = order();
    await reporter.reportConversion(o);
    expect(await reporter.reportAmendment(o, 1999)).toBe('sent');
    expect(await reporter.reportAmendment(o, 'declined')).toBe('already_reported');
    const [, decline, ...more] = await callsFor(o.number);
    expect(more).toEqual([]);
    expect(decline!.body).toEqual([
      {
        action: 'decline',
        transaction: {
          orderRef: o.number,
          transactionDate: '2025-03-01T10:15:30',
          timezone: 'UTC',
          declineReason: 'order refunded',
        },
      },
    ]);
  });

  it('withdraws the conversion of an order declined before Awin heard of it', async () => {
    const o = order();
    await failNext(503);
    expect(await reporter.reportConversion(o)).toBe('queued');
    expect(await reporter.reportAmendment(o, 'declined')).toBe('withdrawn');
    clock += 3_600_000;
    await reporter.retryPending();
    expect(await callsFor(o.number)).toEqual([]);
  });

  it('holds a refund until its conversion went out, then sends both in order', async () => {
    const o = order();
    await failNext(503);
    expect(await reporter.reportConversion(o)).toBe('queued');
    expect(await reporter.reportAmendment(o, 999)).toBe('queued');
    expect(await callsFor(o.number)).toEqual([]);
    clock += 31_000;
    await reporter.retryPending();
    const calls = await callsFor(o.number);
    expect(calls.map((c) => c.path)).toEqual([
      '/s2s/advertiser/1001/orders',
      '/advertisers/1001/transactions/batch',
    ]);
    expect(calls[1]!.body).toMatchObject([{ transaction: { saleAmount: 10 } }]);
  });

  it('tells Awin nothing about orders it never heard of', async () => {
    const o = order({ attribution: { awc: null, channel: null } });
    await reporter.reportConversion(o);
    expect(await reporter.reportAmendment(o, 'declined')).toBe('not_awin');
    expect(await callsFor(o.number)).toEqual([]);
  });
});

describe('Awin sandbox', () => {
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    fetch(`${sandbox()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('refuses a conversion call without the x-api-key header', async () => {
    const body = { orders: [{ orderReference: 'x', amount: 1, channel: 'aw' }] };
    expect((await post('/s2s/advertiser/1001/orders', {}, body)).status).toBe(401);
  });

  it('refuses orders missing a required field, and more than 1000 in a batch', async () => {
    const key = { 'x-api-key': 'k' };
    const missing = { orders: [{ orderReference: 'x', channel: 'aw' }] };
    expect((await post('/s2s/advertiser/1001/orders', key, missing)).status).toBe(400);
    const order = { orderReference: 'x', amount: 1, channel: 'aw' };
    const tooMany = { orders: Array.from({ length: 1001 }, () => order) };
    expect((await post('/s2s/advertiser/1001/orders', key, tooMany)).status).toBe(400);
  });

  it('answers with the accepted orders as the Conversion API does', async () => {
    const res = await post(
      '/s2s/advertiser/1001/orders',
      { 'x-api-key': 'k' },
      { orders: [{ orderReference: 'sandbox-shape', amount: 1, channel: 'aw', awc: '1' }] },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      batchId: expect.any(String),
      successfulOrders: [{ orderReference: 'sandbox-shape', correlationId: expect.any(String) }],
      failedOrders: [],
      pendingOrders: [],
    });
  });
});
