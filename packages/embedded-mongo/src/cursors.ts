import { BSON, Long } from 'bson';
import type { StreamCursor } from './changestream.ts';
import { cursorNotFound } from './errors.ts';
import { knownSize } from './sizes.ts';
import type { Doc } from './types.ts';

export const DEFAULT_BATCH_SIZE = 101;
/** Keeps a reply under the 16 MiB BSON limit with room for the envelope. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024 - 64 * 1024;

interface OpenCursor {
  ns: string;
  /** The full result, computed when the cursor opened (documents are immutable snapshots). */
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export interface Batch {
  docs: Doc[];
  id: Long;
}

/** Server-side cursors: the first batch goes out at once, the rest waits here for getMore. */
export class CursorTable {
  private readonly open = new Map<string, OpenCursor>();
  /** Change stream cursors (changestream.ts): they never run out, they wait for changes. */
  private readonly streams = new Map<string, StreamCursor>();
  // Random start so ids are not reused across restarts while a client still holds an old one.
  private nextId = Math.floor(Math.random() * 2 ** 40) + 1;
  private readonly idleMs: number;

  constructor(idleMs: number) {
    this.idleMs = idleMs;
  }

  /** Returns the first batch (batchSize 0: none yet); keeps a cursor only when more remains. */
  create(ns: string, docs: Doc[], batchSize: number, singleBatch = false): Batch {
    const first = batchSize === 0 ? [] : takeBatch(docs, 0, batchSize);
    if (singleBatch || first.length >= docs.length) return { docs: first, id: Long.ZERO };
    const id = this.nextId++;
    this.open.set(String(id), { ns, docs, pos: first.length, lastUsed: Date.now() });
    return { docs: first, id: Long.fromNumber(id) };
  }

  /** Keeps a change stream cursor; answers its id. */
  createStream(cursor: StreamCursor): Long {
    const id = this.nextId++;
    this.streams.set(String(id), cursor);
    return Long.fromNumber(id);
  }

  /** The change stream cursor `id` on `ns`, if it is one. */
  stream(id: unknown, ns: string): StreamCursor | undefined {
    const c = this.streams.get(String(id));
    return c && c.ns === ns ? c : undefined;
  }

  endStream(id: unknown): void {
    this.streams.delete(String(id));
  }

  getMore(id: unknown, ns: string, batchSize: number): Batch {
    const key = String(id);
    const c = this.open.get(key);
    if (!c || c.ns !== ns) throw cursorNotFound(`cursor id ${key} not found`);
    const batch = takeBatch(c.docs, c.pos, batchSize);
    c.pos += batch.length;
    c.lastUsed = Date.now();
    if (c.pos >= c.docs.length) {
      this.open.delete(key);
      return { docs: batch, id: Long.ZERO };
    }
    return { docs: batch, id: Long.fromNumber(Number(key)) };
  }

  /** Kills cursors; returns which ids were found. */
  kill(ids: unknown[]): { killed: Long[]; notFound: Long[] } {
    const killed: Long[] = [];
    const notFound: Long[] = [];
    for (const id of ids) {
      const long = Long.fromString(String(id));
      const stream = this.streams.get(String(id));
      if (stream) {
        this.streams.delete(String(id));
        stream.interrupt?.();
      }
      (this.open.delete(String(id)) || stream ? killed : notFound).push(long);
    }
    return { killed, notFound };
  }

  /** Drops cursors idle for longer than the timeout. */
  sweep(now = Date.now()): void {
    for (const [id, c] of this.open) if (now - c.lastUsed > this.idleMs) this.open.delete(id);
    for (const [id, c] of this.streams)
      if (!c.interrupt && now - c.lastUsed > this.idleMs) this.streams.delete(id);
  }

  get size(): number {
    return this.open.size + this.streams.size;
  }
}

/** Up to `batchSize` documents (0 = no count limit), stopping before the reply grows too big. */
function takeBatch(docs: Doc[], from: number, batchSize: number): Doc[] {
  const end = batchSize > 0 ? Math.min(docs.length, from + batchSize) : docs.length;
  let bytes = 0;
  let i = from;
  for (; i < end; i++) {
    const doc = docs[i] as Doc;
    bytes += knownSize.get(doc) ?? BSON.calculateObjectSize(doc, { ignoreUndefined: true });
    if (bytes > MAX_BATCH_BYTES && i > from) break;
  }
  return docs.slice(from, i);
}
