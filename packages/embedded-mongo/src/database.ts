import type { ChangeLog } from './changes.ts';
import { Collection } from './collection.ts';
import { knownSize } from './sizes.ts';
import { badValue, CommandError, namespaceExists } from './errors.ts';
import type { IndexSpec } from './indexes.ts';
import { encodeRecord } from './journal.ts';
import type { Doc } from './types.ts';

const MAX_DOC_FRAME = 16 * 1024 * 1024 + 4096;

/**
 * Journal record kinds. Each one sets state (rather than describing a delta), so replaying a
 * record twice is harmless — which is what lets compaction run while records are still pending.
 */
export type JournalRecord =
  | { o: 'c'; c: string; opts: Doc } // create collection
  | { o: 'x'; c: string; spec: IndexSpec } // create index
  | { o: 'X'; c: string; name: string } // drop index
  | { o: 'p'; c: string; d: Doc } // put document (insert or replace by _id)
  | { o: 'd'; c: string; id: unknown } // delete document by _id
  | { o: 'D'; c: string } // drop collection
  | { o: 'Z' }; // drop database

export function validateCollectionName(name: unknown): string {
  if (typeof name !== 'string' || !name)
    throw new CommandError(73, 'InvalidNamespace', 'collection name must be a non-empty string');
  if (
    name.includes('\0') ||
    name.includes('$') ||
    name.startsWith('.') ||
    name.startsWith('system.')
  ) {
    throw new CommandError(73, 'InvalidNamespace', `Invalid collection name: ${name}`);
  }
  return name;
}

/** Where a database's journal records go (the Journal; absent while replaying). */
export interface JournalSink {
  /** Throws if the journal can no longer accept writes (checked before touching memory). */
  assertWritable(): void;
  push(frame: Buffer): void;
}

/**
 * A database: its collections plus the journaling of every change. Each mutation encodes its
 * journal record *before* touching memory, so a write that cannot be journaled changes nothing.
 */
export class Database {
  readonly name: string;
  private readonly colls = new Map<string, Collection>();
  /** Where encoded records go; null while replaying the journal itself. */
  sink: JournalSink | null = null;
  /** Where committed writes are told to change streams; null while replaying. */
  changes: ChangeLog | null = null;

  constructor(name: string) {
    this.name = name;
  }

  collection(name: string): Collection | undefined {
    return this.colls.get(name);
  }

  collections(): Collection[] {
    return Array.from(this.colls.values());
  }

  get isEmpty(): boolean {
    return this.colls.size === 0;
  }

  private journal(record: JournalRecord): Buffer | null {
    if (!this.sink) return null;
    this.sink.assertWritable();
    const frame = encodeRecord(record as unknown as Doc);
    if (frame.length > MAX_DOC_FRAME) {
      throw new CommandError(10334, 'BSONObjectTooLarge', 'object to insert too large (max 16MB)');
    }
    return frame;
  }

  private commit(frame: Buffer | null): void {
    if (frame && this.sink) this.sink.push(frame);
  }

  ensureCollection(name: string, options: Doc = {}): Collection {
    const existing = this.colls.get(name);
    if (existing) return existing;
    validateCollectionName(name);
    const frame = this.journal({ o: 'c', c: name, opts: options });
    const coll = new Collection(this.name, name, options);
    this.colls.set(name, coll);
    this.commit(frame);
    return coll;
  }

  createCollection(name: string, options: Doc): Collection {
    if (this.colls.has(name))
      throw namespaceExists(`Collection ${this.name}.${name} already exists.`);
    return this.ensureCollection(name, options);
  }

  insert(coll: Collection, doc: Doc): void {
    const frame = this.journal({ o: 'p', c: coll.name, d: doc });
    coll.insert(doc);
    this.commit(frame);
    if (frame) knownSize.set(doc, frame.length);
    this.changes?.record('insert', this.name, coll.name, null, doc);
  }

  /** `kind` says what change streams report: an update by operators, or a whole replacement. */
  replace(coll: Collection, prev: Doc, next: Doc, kind: 'update' | 'replace' = 'update'): void {
    const frame = this.journal({ o: 'p', c: coll.name, d: next });
    coll.replace(prev, next);
    this.commit(frame);
    if (frame) knownSize.set(next, frame.length);
    this.changes?.record(kind, this.name, coll.name, prev, next);
  }

  remove(coll: Collection, doc: Doc): boolean {
    const frame = this.journal({ o: 'd', c: coll.name, id: doc['_id'] });
    const removed = coll.remove(doc);
    if (removed) {
      this.commit(frame);
      this.changes?.record('delete', this.name, coll.name, doc, null);
    }
    return removed;
  }

  createIndex(coll: Collection, spec: IndexSpec): boolean {
    const frame = this.journal({ o: 'x', c: coll.name, spec });
    const created = coll.createIndex(spec);
    if (created) this.commit(frame);
    return created;
  }

  dropIndex(coll: Collection, name: string): void {
    const frame = this.journal({ o: 'X', c: coll.name, name });
    if (coll.dropIndex(name)) this.commit(frame);
  }

  dropCollection(name: string): Collection | undefined {
    const coll = this.colls.get(name);
    if (!coll) return undefined;
    const frame = this.journal({ o: 'D', c: name });
    this.colls.delete(name);
    this.commit(frame);
    this.changes?.record('drop', this.name, name, null, null);
    return coll;
  }

  dropAll(): void {
    const frame = this.journal({ o: 'Z' });
    this.colls.clear();
    this.commit(frame);
    this.changes?.record('dropDatabase', this.name, '', null, null);
  }

  /** Re-applies a journal record (startup replay). */
  apply(rec: Doc): void {
    const r = rec as JournalRecord;
    switch (r.o) {
      case 'c':
        this.ensureCollection(r.c, r.opts);
        return;
      case 'x':
        this.ensureCollection(r.c).createIndex(r.spec);
        return;
      case 'X':
        this.colls.get(r.c)?.dropIndex(r.name);
        return;
      case 'p':
        this.ensureCollection(r.c).put(r.d);
        return;
      case 'd': {
        const coll = this.colls.get(r.c);
        const doc = coll?.byId(r.id);
        if (coll && doc) coll.remove(doc);
        return;
      }
      case 'D':
        this.colls.delete(r.c);
        return;
      case 'Z':
        this.colls.clear();
        return;
      default:
        throw badValue(`unknown journal record ${JSON.stringify(rec)}`);
    }
  }

  /** Records that recreate the current state, for compaction. */
  *snapshot(): Generator<Buffer> {
    for (const coll of this.colls.values()) {
      yield encodeRecord({ o: 'c', c: coll.name, opts: coll.options });
      for (const ix of coll.indexes) yield encodeRecord({ o: 'x', c: coll.name, spec: ix.spec });
      for (const d of coll.all()) yield encodeRecord({ o: 'p', c: coll.name, d });
    }
  }
}
