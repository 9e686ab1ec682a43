import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Currency } from '@market/shared';
import {
  PaymentError,
  type PaymentEvent,
  type PaymentProvider,
} from '../src/integrations/payments/payment-provider.ts';
import { PAYPAL_SANDBOX_CREDENTIALS } from '../src/sandboxes/paypal/index.ts';

/** What a webhook receiver got: the raw body (signatures cover bytes) and the headers. */
export type Delivery = { rawBody: string; headers: Record<string, string> };

/** A local HTTP endpoint collecting webhook deliveries, answering `status` (200 by default). */
export async function startWebhookReceiver() {
  const deliveries: Delivery[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (status < 300) {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
        deliveries.push({ rawBody: Buffer.concat(chunks).toString('utf8'), headers });
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    /** Makes the receiver refuse (5xx) or accept deliveries from now on. */
    answer(code: number) {
      status = code;
    },
    /** The first delivery matching `match`, waiting for it to arrive. */
    async waitFor(match: (d: Delivery) => boolean, timeoutMs = 8_000): Promise<Delivery> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no matching webhook delivery');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * The first delivery that verifies through `provider` (the real client's check) as an event
 * matching `match`, waiting for it to arrive. Each delivery is verified once.
 */
export async function waitForEvent(
  receiver: WebhookReceiver,
  provider: PaymentProvider,
  match: (event: PaymentEvent) => boolean,
  timeoutMs = 8_000,
): Promise<{ delivery: Delivery; event: PaymentEvent }> {
  const verified = new Map<Delivery, PaymentEvent | null>();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const delivery of receiver.deliveries) {
      if (!verified.has(delivery)) {
        verified.set(delivery, await provider.verifyWebhook(delivery.headers, delivery.rawBody));
      }
      const event = verified.get(delivery);
      if (event && match(event)) return { delivery, event };
    }
    if (Date.now() > deadline) throw new Error('no matching webhook event');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The PaymentError a call fails with (the test fails if it succeeds or throws anything else). */
export function rejection(p: Promise<unknown>): Promise<PaymentError> {
  return p.then(
    () => {
      throw new Error('expected a PaymentError');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(PaymentError);
      return err as PaymentError;
    },
  );
}

/**
 * What a browser does on a sandbox page: load it, fill the form that holds `button` with the
 * page's own values (plus `fields`), submit with that button, and report the redirect.
 */
export async function clickButton(
  pageUrl: string,
  button: string,
  fields: Record<string, string> = {},
): Promise<{ status: number; location: string | null; page: string }> {
  const page = await (await fetch(pageUrl)).text();
  const forms = page.match(/<form[\s\S]*?<\/form>/g) ?? [];
  for (const form of forms) {
    const buttons = [...form.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)];
    const hit = buttons.find((b) => b[2]!.trim() === button);
    if (!hit) continue;
    const body = new URLSearchParams();
    for (const input of form.matchAll(/<input([^>]*)>/g)) {
      const name = /name="([^"]*)"/.exec(input[1]!)?.[1];
      const value = /value="([^"]*)"/.exec(input[1]!)?.[1] ?? '';
      if (name) body.set(name, value);
    }
    const name = /name="([^"]*)"/.exec(hit[1]!)?.[1];
    const value = /value="([^"]*)"/.exec(hit[1]!)?.[1];
    if (name && value !== undefined) body.set(name, value);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    const action = /action="([^"]*)"/.exec(form)![1]!;
    const res = await fetch(new URL(action.replace(/&amp;/g, '&'), pageUrl), {
      method: 'POST',
      body,
      redirect: 'manual',
    });
    return { status: res.status, location: res.headers.get('location'), page };
  }
  throw new Error(`no "${button}" button on ${pageUrl}`);
}

/** A fresh directory for a sandbox's state, removed by the returned function. */
export function tempDir(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-payments-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The shop the test payments return to. */
export const SHOP = 'https://shop.test';

/**
 * A new payment for a new order id, as the checkout starts one: back to `${SHOP}${returnPath}/return`
 * (or `/cancel`).
 */
export async function newPayment(
  client: PaymentProvider,
  opts: { currency: Currency; returnPath: string; amountCents?: number },
) {
  const orderId = `ord_${randomUUID().slice(0, 8)}`;
  const created = await client.createPayment({
    orderId,
    amountCents: opts.amountCents ?? 1999,
    currency: opts.currency,
    description: 'Game X (Steam key)',
    returnUrl: `${SHOP}${opts.returnPath}/return`,
    cancelUrl: `${SHOP}${opts.returnPath}/cancel`,
    idempotencyKey: `create-${orderId}`,
  });
  return { orderId, ...created };
}

/** A bearer token from the PayPal sandbox at `sandboxUrl`, as PayPal's client-credentials grant. */
export async function paypalSandboxToken(sandboxUrl: string): Promise<string> {
  const { clientId, clientSecret } = PAYPAL_SANDBOX_CREDENTIALS;
  const res = await fetch(`${sandboxUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
