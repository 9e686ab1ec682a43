/**
 * The engine's recent writes, in journal order: what change streams read (changestream.ts).
 *
 * Every journaled document write (and collection / database drop) gets the next sequence number
 * of the store, in the order its record goes to the journal, and a slot in a ring of the last
 * `capacity` changes. A slot holds references only (stored documents are immutable), so a write
 * pays one small object and no encoding: events are shaped when a stream reads them, and nothing
 * more happens while nobody watches. A resume token names a sequence number of this engine's
 * run; one the ring no longer holds (or from an earlier run, whose ring is gone) cannot resume.
 */
import { Timestamp } from 'bson';
import type { Doc } from './types.ts';

export type ChangeOp = 'insert' | 'update' | 'replace' | 'delete' | 'drop' | 'dropDatabase';

export interface Change {
  seq: number;
  op: ChangeOp;
  db: string;
  /** Empty for dropDatabase. */
  coll: string;
  /** The document before the write (update, replace, delete). */
  before: Doc | null;
  /** The document after the write (insert, update, replace). */
  after: Doc | null;
  /** Wall clock of the write, ms. */
  wall: number;
  /** Cluster time: seconds of the write, never going back. */
  t: number;
}

/** Default number of changes kept for resuming (a stream that falls further behind has lost history). */
export const DEFAULT_CHANGE_HISTORY = 10_000;

export class ChangeLog {
  /** Names this run of the engine in its tokens: a token of another run cannot resume here. */
  readonly epoch: number;
  private readonly ring: (Change | undefined)[];
  private readonly capacity: number;
  /** The sequence number of the last change (0: none yet). */
  private last = 0;
  private lastT = 0;
  private readonly waiters = new Set<() => void>();
  private waking = false;

  constructor(capacity = DEFAULT_CHANGE_HISTORY) {
    this.capacity = Math.max(1, capacity);
    this.ring = new Array<Change | undefined>(this.capacity);
    // Milliseconds of the start, plus a random low part: two runs never share an epoch.
    this.epoch = Date.now() * 1024 + Math.floor(Math.random() * 1024);
  }

  get lastSeq(): number {
    return this.last;
  }

  /** The oldest sequence number still held (lastSeq + 1 when none is). */
  get firstSeq(): number {
    return Math.max(1, this.last - this.capacity + 1);
  }

  record(op: ChangeOp, db: string, coll: string, before: Doc | null, after: Doc | null): void {
    const wall = Date.now();
    const t = Math.max(this.lastT, Math.floor(wall / 1000));
    this.lastT = t;
    const seq = ++this.last;
    this.ring[seq % this.capacity] = { seq, op, db, coll, before, after, wall, t };
    if (this.waiters.size && !this.waking) {
      // Woken once the command (and any other decoded in this turn) has finished writing, so a
      // batch carries all of them; their replies still wait for the journal's fsync.
      this.waking = true;
      setImmediate(() => {
        this.waking = false;
        const ws = [...this.waiters];
        this.waiters.clear();
        for (const w of ws) w();
      });
    }
  }

  /** The change numbered `seq`, if the ring still holds it. */
  get(seq: number): Change | undefined {
    const c = this.ring[seq % this.capacity];
    return c && c.seq === seq ? c : undefined;
  }

  /** Calls `wake` once, after the next change; answers the cancel. */
  wait(wake: () => void): () => void {
    this.waiters.add(wake);
    return () => this.waiters.delete(wake);
  }

  clusterTime(c: Change): Timestamp {
    // The increment is the sequence number: strictly increasing within a second (and beyond).
    return new Timestamp({ t: c.t, i: c.seq % 0x100000000 });
  }

  /** The cluster time now, for `operationTime`. */
  now(): Timestamp {
    return new Timestamp({
      t: Math.max(this.lastT, Math.floor(Date.now() / 1000)),
      i: this.last % 0x100000000,
    });
  }

  /** A resume token for the position just after change `seq`. */
  token(seq: number): Doc {
    return {
      _data: this.epoch.toString(16).padStart(14, '0') + seq.toString(16).padStart(14, '0'),
    };
  }

  /**
   * The sequence number a token names; `null` when the token is not one of this run's (an
   * earlier run's, or made up), and so cannot resume.
   */
  seqOf(token: unknown): number | null {
    const data = (token as { _data?: unknown } | null)?._data;
    if (typeof data !== 'string' || !/^[0-9a-f]{28}$/.test(data)) return null;
    if (Number.parseInt(data.slice(0, 14), 16) !== this.epoch) return null;
    const seq = Number.parseInt(data.slice(14), 16);
    return seq <= this.last ? seq : null;
  }
}
