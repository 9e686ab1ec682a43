import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestEngine } from '@market/embedded-mongo/testkit';
import { createLogger } from '../src/logger.ts';
import { createMailer } from '../src/modules/outbox/mailer.ts';
import { createOutboxRepository, type OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';

/**
 * A minimal SMTP server (RFC 5321's happy path): it refuses the envelope with a 451 while `down`
 * is set, as a mail server does when it is overloaded, and keeps every message it accepted.
 */
function smtpServer() {
  const accepted: string[] = [];
  const state = { down: true };
  const server = net.createServer((socket) => {
    let inData = false;
    let data = '';
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            accepted.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL')
          socket.write(state.down ? '451 try again later\r\n' : '250 ok\r\n');
        else if (verb === 'RCPT') socket.write('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  return { server, accepted, state };
}

describe('outbox mails over SMTP', () => {
  const t = useTestEngine();
  const smtp = smtpServer();
  let url: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
    url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

  it('retries a failed send with backoff until the server takes it, then never again', async () => {
    const outbox = createOutboxRepository(t.db);
    await t.db.collection('outbox').createIndex({ key: 1 }, { unique: true, sparse: true });
    const log = createLogger('silent');
    // Two instances' mailers on one outbox.
    const [a, b] = [0, 1].map(() =>
      createMailer({ outbox, smtpUrl: url, from: 'Shop <no-reply@shop.test>', log }),
    );
    const mail = {
      to: 'buyer@example.com',
      subject: 'Your keys',
      text: 'They are in your account.',
      html: '<p>They are in your account.</p>',
      kind: 'generic' as const,
      locale: 'en' as const,
      key: 'order-delivered:retry-test',
    };
    await a!.send(mail);
    const row = () => t.db.collection<OutboxDoc>('outbox').findOne({ key: mail.key });
    const first = (await row())!;
    expect(first).toMatchObject({ delivery: 'pending', attempts: 1 });
    expect(first.lastError).toMatch(/451/);
    expect(smtp.accepted).toHaveLength(0);

    smtp.state.down = false;
    // Not before its backoff (a minute after the first failure)…
    expect(await b!.sendDue(new Date())).toBe(0);
    // …then taken by one of the two instances, sent once.
    const later = new Date(first.nextAttemptAt!.getTime() + 1000);
    const sent = await Promise.all([a!.sendDue(later), b!.sendDue(later)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toContain(`Message-ID: <${first._id.toHexString()}@shop.test>`);
    expect(await row()).toMatchObject({ delivery: 'sent' });
    // A sent mail is never due again; the same event is not mailed twice.
    expect(await a!.sendDue(new Date(later.getTime() + 86_400_000))).toBe(0);
    await b!.send(mail);
    expect(smtp.accepted).toHaveLength(1);
  });
});
