/**
 * Append-only journal of one database, with group commit.
 *
 * Record framing: [u32 payload length][u32 crc32 of payload][BSON payload]. The length prefix and
 * checksum make a torn or garbage tail detectable: replay stops at the first bad frame. Writes
 * made after the last fsync were never acknowledged, so dropping everything from that point on
 * loses nothing a client was told is safe.
 *
 * Group commit: records appended during one event-loop turn are written with one write + one
 * fdatasync; replies wait on `durable()` so nothing is acknowledged before it is on disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { BSON } from 'bson';
import type { Doc } from './types.ts';

const HEADER = 8;
/** Replies and journal records share the wire's deserialisation, so memory ≡ disk ≡ wire. */
export const BSON_READ: BSON.DeserializeOptions = { promoteBuffers: false, bsonRegExp: false };
const BSON_WRITE: BSON.SerializeOptions = { ignoreUndefined: true, checkKeys: false };

export function encodeRecord(record: Doc): Buffer {
  const payload = BSON.serialize(record, BSON_WRITE);
  const frame = Buffer.allocUnsafe(HEADER + payload.length);
  frame.writeUInt32LE(payload.length, 0);
  frame.writeUInt32LE(crc32(payload), 4);
  frame.set(payload, HEADER);
  return frame;
}

export interface ReadResult {
  records: Doc[];
  /** Bytes of intact records; anything after is a torn/garbage tail. */
  validBytes: number;
  totalBytes: number;
}

export function readJournal(file: string): ReadResult {
  const buf = fs.readFileSync(file);
  const records: Doc[] = [];
  let off = 0;
  while (off + HEADER <= buf.length) {
    const len = buf.readUInt32LE(off);
    const sum = buf.readUInt32LE(off + 4);
    if (len < 5 || off + HEADER + len > buf.length) break;
    const payload = buf.subarray(off + HEADER, off + HEADER + len);
    if (crc32(payload) !== sum) break;
    try {
      records.push(BSON.deserialize(payload, BSON_READ));
    } catch {
      break;
    }
    off += HEADER + len;
  }
  return { records, validBytes: off, totalBytes: buf.length };
}

/** Atomically replaces `file` with the given frames: temp file, fsync, rename, fsync directory. */
export function writeFileAtomic(file: string, frames: Iterable<Buffer>): number {
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  let bytes = 0;
  try {
    for (const f of frames) {
      writeAllSync(fd, f);
      bytes += f.length;
    }
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  fsyncDir(path.dirname(file));
  return bytes;
}

export function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function writeAllSync(fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function writeAll(fd: number, buf: Buffer, off = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    fs.write(fd, buf, off, buf.length - off, null, (err, n) => {
      if (err) return reject(err);
      if (off + n < buf.length) writeAll(fd, buf, off + n).then(resolve, reject);
      else resolve();
    });
  });
}

const fdatasync = (fd: number) =>
  new Promise<void>((resolve, reject) =>
    fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())),
  );

interface Batch {
  frames: Buffer[];
  promise: Promise<void>;
  resolve(): void;
  reject(err: Error): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A failed flush is reported through the replies that wait on it; never an unhandled rejection.
  promise.catch(() => {});
  return { frames: [], promise, resolve, reject };
}

export interface JournalOptions {
  /** Rewrites the file from a snapshot when it grows past max(this, 4 × last snapshot). */
  compactMinBytes: number;
  /** Frames that recreate the current state, for compaction. */
  snapshot: () => Iterable<Buffer>;
  onError: (err: Error) => void;
}

export class Journal {
  readonly file: string;
  private fd: number;
  private pending: Batch | null = null;
  private inflight: Promise<void> | null = null;
  private scheduled = false;
  private failed: Error | null = null;
  private bytes: number;
  private snapshotBytes: number;
  private readonly opts: JournalOptions;

  /** Opens `file` for appending; `bytes` is its current (compacted) size. */
  constructor(file: string, bytes: number, opts: JournalOptions) {
    this.file = file;
    this.fd = fs.openSync(file, 'a');
    this.bytes = bytes;
    this.snapshotBytes = bytes;
    this.opts = opts;
  }

  assertWritable(): void {
    if (this.failed)
      throw new Error(
        `journal ${this.file} failed earlier (${this.failed.message}); refusing writes`,
      );
  }

  /** Queues an encoded record for the next group commit. */
  push(frame: Buffer): void {
    this.assertWritable();
    if (!this.pending) this.pending = newBatch();
    this.pending.frames.push(frame);
    this.schedule();
  }

  /** Resolves once every record pushed so far is on disk; null when nothing is outstanding. */
  durable(): Promise<void> | null {
    if (this.pending) return this.pending.promise;
    return this.inflight;
  }

  private schedule(): void {
    if (this.scheduled || this.inflight) return;
    this.scheduled = true;
    // setImmediate runs after the poll phase, so every command decoded in this turn joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    if (!batch || this.inflight) return;
    this.pending = null;
    const data =
      batch.frames.length === 1 ? (batch.frames[0] as Buffer) : Buffer.concat(batch.frames);
    const run = (async () => {
      await writeAll(this.fd, data);
      await fdatasync(this.fd);
    })();
    this.inflight = batch.promise;
    try {
      await run;
      this.bytes += data.length;
      batch.resolve();
    } catch (err) {
      // The file's tail is now unknown: refuse further writes rather than acknowledge them.
      this.failed = err as Error;
      batch.reject(err as Error);
      // Records queued meanwhile can no longer be made durable either.
      const queued = this.pending as Batch | null;
      queued?.reject(err as Error);
      this.pending = null;
      this.opts.onError(err as Error);
    } finally {
      this.inflight = null;
    }
    if (!this.failed) {
      this.maybeCompact();
      if (this.pending) this.schedule();
    }
  }

  /**
   * Rewrites the journal from a snapshot of the live state. Runs between flushes (no write in
   * flight). Records still pending are re-appended after the snapshot; every record is an
   * idempotent "set state" operation, so replaying them on top of the snapshot is harmless.
   */
  private maybeCompact(): void {
    if (this.bytes < Math.max(this.opts.compactMinBytes, 4 * this.snapshotBytes)) return;
    try {
      fs.closeSync(this.fd);
      this.bytes = this.snapshotBytes = writeFileAtomic(this.file, this.opts.snapshot());
    } catch (err) {
      this.opts.onError(err as Error);
    } finally {
      this.fd = fs.openSync(this.file, 'a');
    }
  }

  /** Flushes what is pending and closes the file. */
  async close(): Promise<void> {
    while (this.inflight || this.pending) {
      if (this.inflight) await this.inflight.catch(() => {});
      else await this.flush();
    }
    fs.closeSync(this.fd);
  }
}
