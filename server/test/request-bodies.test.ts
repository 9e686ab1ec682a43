import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '@market/shared';
import { newProduct } from './fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

/*
 * Request bodies a caller cannot make the server hold (issue 22, item 10): a picture upload's
 * 8 MB is read only once the guard has let an admin in, and a body that trickles in is cut after
 * the request timeout (1 s here; REQUEST_TIMEOUT_MS in production) with 408.
 */

const REQUEST_TIMEOUT_MS = 1_000;

let t: TestServer;
let uploadPath: string;

beforeAll(async () => {
  t = await startTestServer({ requestTimeoutMs: REQUEST_TIMEOUT_MS });
  uploadPath = `/api/admin/products/${await newProduct(t.db)}/images`;
});
afterAll(() => t.close());

type Answer = { status: number; body: string; closed: boolean; afterMs: number };

/**
 * A raw HTTP/1.1 POST whose head declares `declared` bytes of JSON body, of which `send` writes
 * only `sent` bytes (at once, or one at a time every `trickleMs`), then waits for the answer.
 * Resolves when the server has answered and closed the connection, or after `waitMs` with
 * status 0 (no answer).
 */
function partialPost(
  path: string,
  options: { declared: number; sent: number; token?: string; trickleMs?: number; waitMs: number },
): Promise<Answer> {
  const { port } = new URL(t.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    let trickle: NodeJS.Timeout | undefined;
    const done = (closed: boolean) => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      const body = received.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      resolve({ status, body, closed, afterMs: Date.now() - started });
    };
    const giveUp = setTimeout(() => done(false), options.waitMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('end', () => done(true));
    // The server may close while we still write: what it answered is what counts.
    socket.on('error', (err: NodeJS.ErrnoException) =>
      received ? done(true) : err.code === 'ECONNRESET' ? done(true) : reject(err),
    );
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          (options.token ? `Authorization: Bearer ${options.token}\r\n` : '') +
          `Content-Length: ${options.declared}\r\n\r\n{"data":"`,
      );
      const rest = options.sent - '{"data":"'.length;
      if (!options.trickleMs) {
        socket.write('A'.repeat(rest));
        return;
      }
      let written = 0;
      trickle = setInterval(() => {
        if (written++ < rest) socket.write('A');
      }, options.trickleMs);
    });
  });
}

describe('a large body sent to the picture upload', () => {
  const EIGHT_MB = 8 * 1024 * 1024 - 1;

  it('is answered 401 for a guest before the client has finished sending it', async () => {
    const answer = await partialPost(uploadPath, {
      declared: EIGHT_MB,
      sent: 64_000,
      waitMs: 5_000,
    });
    expect(answer.status).toBe(401);
    expect(ApiErrorSchema.parse(JSON.parse(answer.body)).code).toBe('UNAUTHENTICATED');
    // The rest of the body is still on the connection: the server closes it.
    expect(answer.closed).toBe(true);
  });

  it('checks the role first: a seller is answered 403 as early, an admin’s body is read', async () => {
    const [seller, admin] = await Promise.all([t.tokenFor('seller'), t.tokenFor('admin')]);
    const refused = await partialPost(uploadPath, {
      declared: EIGHT_MB,
      sent: 64_000,
      token: seller,
      waitMs: 5_000,
    });
    expect(refused.status).toBe(403);
    expect(refused.closed).toBe(true);
    // An admin's upload is awaited to its end: no answer while the body is still coming.
    const awaited = await partialPost(uploadPath, {
      declared: EIGHT_MB,
      sent: 64_000,
      token: admin,
      waitMs: REQUEST_TIMEOUT_MS / 2,
    });
    expect(awaited.status).toBe(0);
  });
});

describe('a body that trickles in', () => {
  it.each([
    { name: 'a guest’s small body', path: '/api/public/products/search', bytes: 500 },
    { name: 'an admin’s picture upload', path: 'upload', bytes: 2_000_000 },
  ])('is cut with 408 after the request timeout ($name)', async ({ path, bytes }) => {
    const admin = path === 'upload';
    const answer = await partialPost(admin ? uploadPath : path, {
      declared: bytes,
      sent: bytes,
      // One byte every 50 ms: the body would take 25 s or more.
      trickleMs: 50,
      token: admin ? await t.tokenFor('admin') : undefined,
      waitMs: 10_000,
    });
    expect(answer.status).toBe(408);
    expect(ApiErrorSchema.parse(JSON.parse(answer.body)).message).toMatch(/too long to arrive/);
    expect(answer.closed).toBe(true);
    // Node looks for late requests every second at most: cut within two of the timeout.
    expect(answer.afterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2_500);
  });
});
