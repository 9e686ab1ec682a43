import net from 'node:net';
import { BSON } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { useTestEngine } from './testkit.ts';
import { FrameReader, OP_MSG, OP_QUERY, OP_REPLY, ProtocolError } from './wire.ts';

function header(len: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(len, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

/** An OP_MSG with a body and optional kind-1 document sequences. */
function opMsg(
  requestId: number,
  body: BSON.Document,
  sequences: Record<string, BSON.Document[]> = {},
  flags = 0,
): Buffer {
  const parts: Buffer[] = [Buffer.from([0]), Buffer.from(BSON.serialize(body))];
  for (const [id, docs] of Object.entries(sequences)) {
    const payload = Buffer.concat([
      Buffer.from(id + '\0'),
      ...docs.map((d) => Buffer.from(BSON.serialize(d))),
    ]);
    const size = Buffer.alloc(4);
    size.writeInt32LE(payload.length + 4, 0);
    parts.push(Buffer.from([1]), size, payload);
  }
  const flagBuf = Buffer.alloc(4);
  flagBuf.writeUInt32LE(flags, 0);
  const rest = Buffer.concat([flagBuf, ...parts]);
  return Buffer.concat([header(16 + rest.length, requestId, OP_MSG), rest]);
}

function opQuery(requestId: number, ns: string, query: BSON.Document): Buffer {
  const rest = Buffer.concat([
    Buffer.alloc(4),
    Buffer.from(ns + '\0'),
    Buffer.alloc(8),
    Buffer.from(BSON.serialize(query)),
  ]);
  return Buffer.concat([header(16 + rest.length, requestId, OP_QUERY), rest]);
}

/** A raw client: sends bytes, collects replies keyed by responseTo. */
class RawClient {
  private readonly sock: net.Socket;
  private readonly reader = new FrameReader();
  readonly replies: { responseTo: number; opCode: number; doc: BSON.Document }[] = [];
  private waiters: (() => void)[] = [];

  constructor(port: number) {
    this.sock = net.connect(port, '127.0.0.1');
    this.sock.on('data', (chunk: Buffer) => {
      for (const f of this.reader.push(chunk)) {
        const docOffset = f.opCode === OP_REPLY ? 36 : 21;
        this.replies.push({
          responseTo: f.data.readInt32LE(8),
          opCode: f.opCode,
          doc: BSON.deserialize(f.data.subarray(docOffset)),
        });
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  write(b: Buffer): void {
    this.sock.write(b);
  }

  async waitFor(n: number): Promise<void> {
    while (this.replies.length < n) await new Promise<void>((r) => this.waiters.push(r));
  }

  close(): void {
    this.sock.destroy();
  }
}

describe('FrameReader', () => {
  it('reassembles messages split across chunks and splits messages sharing a chunk', () => {
    const a = opMsg(1, { ping: 1, $db: 'admin' });
    const b = opMsg(2, { ping: 1, $db: 'admin' });
    const both = Buffer.concat([a, b]);
    const reader = new FrameReader();
    const seen: number[] = [];
    for (let i = 0; i < both.length; i += 7) {
      for (const f of reader.push(both.subarray(i, i + 7))) seen.push(f.requestId);
    }
    expect(seen).toEqual([1, 2]);
    expect(new FrameReader().push(both).map((f) => f.requestId)).toEqual([1, 2]);
  });

  it('rejects an impossible message length', () => {
    const bad = Buffer.alloc(16);
    bad.writeInt32LE(3, 0);
    expect(() => new FrameReader().push(bad)).toThrow(ProtocolError);
  });
});

describe('wire protocol against the engine', () => {
  const t = useTestEngine();

  it('answers a legacy OP_QUERY isMaster with OP_REPLY', async () => {
    const c = new RawClient(t.engine.port);
    c.write(opQuery(7, 'admin.$cmd', { isMaster: 1, helloOk: true }));
    await c.waitFor(1);
    c.close();
    expect(c.replies[0]).toMatchObject({
      responseTo: 7,
      opCode: OP_REPLY,
      doc: { ismaster: true, ok: 1, maxWireVersion: 21 },
    });
  });

  it('reads kind-1 document sequences, partial chunks and pipelined messages', async () => {
    const c = new RawClient(t.engine.port);
    const insert = opMsg(
      1,
      { insert: 'seq', $db: 'test' },
      { documents: [{ _id: 1 }, { _id: 2 }, { _id: 3 }] },
    );
    const count = opMsg(2, { count: 'seq', $db: 'test' });
    const bytes = Buffer.concat([insert, count]);
    c.write(bytes.subarray(0, 10));
    await new Promise((r) => setTimeout(r, 20));
    c.write(bytes.subarray(10));
    await c.waitFor(2);
    c.close();
    const byId = new Map(c.replies.map((r) => [r.responseTo, r.doc]));
    expect(byId.get(1)).toMatchObject({ n: 3, ok: 1 });
    expect(byId.get(2)).toMatchObject({ n: 3, ok: 1 });
  });

  it('does not reply to a moreToCome (unacknowledged) message but still applies it', async () => {
    const c = new RawClient(t.engine.port);
    c.write(opMsg(1, { insert: 'w0', $db: 'test' }, { documents: [{ x: 1 }] }, 1 << 1));
    c.write(opMsg(2, { count: 'w0', $db: 'test' }));
    await c.waitFor(1);
    await new Promise((r) => setTimeout(r, 50));
    c.close();
    expect(c.replies).toHaveLength(1);
    expect(c.replies[0]).toMatchObject({ responseTo: 2, doc: { n: 1 } });
  });

  it('accepts a message carrying a checksum trailer', async () => {
    const c = new RawClient(t.engine.port);
    const msg = opMsg(5, { ping: 1, $db: 'admin' }, {}, 1);
    const withCrc = Buffer.concat([msg, Buffer.alloc(4)]);
    withCrc.writeInt32LE(withCrc.length, 0);
    c.write(withCrc);
    await c.waitFor(1);
    c.close();
    expect(c.replies[0]?.doc).toMatchObject({ ok: 1 });
  });
});
