import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import { createPasswordReset } from '../src/modules/users/password-reset.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * `POST /api/user/password-reset` answers before any work: the provider is asked (and the mail
 * written) only when the email has an account, so an answer that waited would tell by its time
 * which emails have one. Shown without timing anything: the Auth emulator is reached through a
 * proxy that holds every call until released, and the answer must come while it holds them.
 */

/**
 * A proxy in front of the Auth emulator that, while `hold` is on, keeps every call waiting;
 * while `fail` is on, answers every call with an internal error (the provider failing).
 */
async function holdingProxy(target: string) {
  let holding = false;
  let failing = false;
  let waiting: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    if (failing) {
      req.resume();
      // 500, not 503: the Admin SDK retries a 503 for seconds.
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 500, message: 'INTERNAL_ERROR' } }));
      return;
    }
    const forward = () => {
      const upstream = http.request(
        `http://${target}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    };
    if (holding) waiting.push(forward);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => (holding = true),
    fail: (on: boolean) => (failing = on),
    /** Calls the proxy holds now. */
    held: () => waiting.length,
    release() {
      holding = false;
      const calls = waiting;
      waiting = [];
      for (const forward of calls) forward();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

let t: TestServer;
let proxy: Awaited<ReturnType<typeof holdingProxy>>;
let emulatorHost: string;
let buyer: TestAccount;

beforeAll(async () => {
  emulatorHost = inject('authEmulatorHost');
  proxy = await holdingProxy(emulatorHost);
  t = await startTestServer({ emulatorHost: proxy.host });
  buyer = await t.account('user');
  expect((await t.call('POST', '/api/login', { token: buyer.token })).status).toBe(204);
});
afterAll(async () => {
  proxy.release();
  await t.close();
  await proxy.close();
  // createIdentity pointed the process's firebase-admin default at the proxy.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
});

const mailsTo = (email: string) =>
  t.db.collection<OutboxDoc>('outbox').find({ to: email.toLowerCase() }).toArray();

/**
 * Asks for a reset while the proxy holds every call to the provider, and answers what came
 * back and whether it came before the held calls went on (released when the answer comes, or
 * after 10 s so that an answer that waits for them still arrives, late).
 */
async function askWhileProviderHeld(email: string) {
  proxy.hold();
  let released = false;
  const fallback = setTimeout(() => {
    released = true;
    proxy.release();
  }, 10_000);
  const res = await t.call('POST', '/api/user/password-reset', { body: { email } });
  const answeredWhileHeld = !released;
  clearTimeout(fallback);
  const body = await res.text();
  return { res, body, answeredWhileHeld };
}

describe('a password reset', () => {
  it('answers alike for an account and for none, before asking the provider anything', async () => {
    const known = await askWhileProviderHeld(buyer.email);
    expect(known.answeredWhileHeld).toBe(true);
    // The work did start: it reaches the provider, after the answer, and waits there.
    await expect.poll(() => proxy.held()).toBeGreaterThan(0);
    proxy.release();

    const unknown = await askWhileProviderHeld(`nobody-${Date.now()}@test.example`);
    expect(unknown.answeredWhileHeld).toBe(true);
    proxy.release();
    expect([unknown.res.status, unknown.body]).toEqual([known.res.status, known.body]);
    expect(known.res.status).toBe(204);

    // The mail of the account still goes out, after the answer.
    await t.container.passwordReset.idle();
    const mails = await mailsTo(buyer.email);
    expect(mails.map((m) => m.kind)).toEqual(['password-reset']);
    expect(mails[0]!.text).toMatch(/\/reset-password\?oobCode=/);
  });

  it('answers 204 with the provider failing, and logs the failed work (never the email)', async () => {
    proxy.fail(true);
    try {
      const res = await t.call('POST', '/api/user/password-reset', {
        body: { email: buyer.email },
      });
      expect(res.status).toBe(204);
      await t.container.passwordReset.idle();

      // The same service with a logger whose lines the test reads, as a collector would.
      const lines: string[] = [];
      const reset = createPasswordReset({
        auth: t.identity.auth,
        users: t.container.users,
        mails: t.container.mails,
        publicOrigin: t.url,
        log: createLogger('info', { destination: { write: (line: string) => lines.push(line) } }),
      });
      reset.ask(buyer.email, 'en');
      await reset.idle();
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
      expect(logged.find((l) => l.msg === 'password reset mail not sent')?.level).toBe(50);
      expect(lines.join('\n')).not.toContain(buyer.email);
    } finally {
      proxy.fail(false);
    }
  });
});
