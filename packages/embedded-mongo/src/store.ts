import fs from 'node:fs';
import path from 'node:path';
import { ChangeLog } from './changes.ts';
import { CommandError } from './errors.ts';
import { Database } from './database.ts';
import { fsyncDir, Journal, readJournal, writeFileAtomic } from './journal.ts';
import type { EngineLogger } from './types.ts';

const SUFFIX = '.journal';
/** Data directories open in this process: two engines on one journal would corrupt it. */
const OPEN_DIRS = new Set<string>();

export interface StoreOptions {
  logger: EngineLogger;
  compactMinBytes: number;
  /** Changes kept for change streams to resume from (changes.ts). */
  changeHistory?: number;
}

export function validateDbName(name: unknown): string {
  if (typeof name !== 'string' || !name || name.length > 63 || /[/\\. "$*<>:|?\0]/.test(name)) {
    throw new CommandError(73, 'InvalidNamespace', `Invalid database name: '${String(name)}'`);
  }
  return name;
}

/** All databases of one data directory, each backed by `<dataDir>/<db>.journal`. */
export class Store {
  readonly dataDir: string;
  private readonly dbs = new Map<string, Database>();
  private readonly journals = new Map<string, Journal>();
  private readonly opts: StoreOptions;
  /** Every database's writes in journal order, for change streams. */
  readonly changes: ChangeLog;

  private constructor(dataDir: string, opts: StoreOptions) {
    this.dataDir = dataDir;
    this.opts = opts;
    this.changes = new ChangeLog(opts.changeHistory);
  }

  /** Replays every journal in `dataDir` (tolerating a torn tail), then compacts each one. */
  static open(dataDir: string, opts: StoreOptions): Store {
    const dir = path.resolve(dataDir);
    if (OPEN_DIRS.has(dir))
      throw new Error(`embedded MongoDB data directory ${dir} is already open in this process`);
    fs.mkdirSync(dir, { recursive: true });
    const store = new Store(dir, opts);
    for (const f of fs.readdirSync(dir)) {
      if (f.endsWith(`${SUFFIX}.tmp`)) fs.rmSync(path.join(dir, f), { force: true }); // crash mid-compaction
    }
    for (const f of fs.readdirSync(dir)) {
      if (f.endsWith(SUFFIX)) store.load(decodeURIComponent(f.slice(0, -SUFFIX.length)));
    }
    OPEN_DIRS.add(dir);
    return store;
  }

  private fileOf(db: string): string {
    return path.join(this.dataDir, encodeURIComponent(db) + SUFFIX);
  }

  private load(name: string): void {
    const file = this.fileOf(name);
    const { records, validBytes, totalBytes } = readJournal(file);
    if (validBytes < totalBytes) {
      this.opts.logger.warn(
        { db: name, file, validBytes, ignoredBytes: totalBytes - validBytes },
        'embedded MongoDB: journal ends in a torn or corrupt record; ignoring the tail (it was never acknowledged)',
      );
    }
    const db = new Database(name);
    for (const rec of records) {
      try {
        db.apply(rec);
      } catch (err) {
        this.opts.logger.warn(
          { db: name, err: (err as Error).message },
          'embedded MongoDB: skipping a journal record that does not apply',
        );
      }
    }
    if (db.isEmpty) {
      fs.rmSync(file, { force: true });
      fsyncDir(this.dataDir);
      return;
    }
    const bytes = writeFileAtomic(file, db.snapshot());
    this.attach(db, bytes);
    this.opts.logger.info(
      { db: name, records: records.length, compactedBytes: bytes },
      'embedded MongoDB: database loaded',
    );
  }

  private attach(db: Database, bytes: number): void {
    const journal = new Journal(this.fileOf(db.name), bytes, {
      compactMinBytes: this.opts.compactMinBytes,
      snapshot: () => db.snapshot(),
      onError: (err) =>
        this.opts.logger.warn(
          { db: db.name, err: err.message },
          'embedded MongoDB: journal write failed',
        ),
    });
    db.sink = journal;
    db.changes = this.changes;
    this.dbs.set(db.name, db);
    this.journals.set(db.name, journal);
  }

  database(name: string): Database | undefined {
    return this.dbs.get(name);
  }

  /** The database, created (with its journal file) if missing. */
  databaseForWrite(name: string): Database {
    const existing = this.dbs.get(name);
    if (existing) return existing;
    validateDbName(name);
    const db = new Database(name);
    fs.writeFileSync(this.fileOf(name), '');
    fsyncDir(this.dataDir);
    this.attach(db, 0);
    return db;
  }

  sizeOnDisk(name: string): number {
    try {
      return fs.statSync(this.fileOf(name)).size;
    } catch {
      return 0;
    }
  }

  databases(): Database[] {
    return Array.from(this.dbs.values());
  }

  /** Resolves when every record journaled so far is on disk; null when nothing is pending. */
  durable(): Promise<unknown> | null {
    let waits: Promise<void>[] | null = null;
    for (const j of this.journals.values()) {
      const p = j.durable();
      if (p) (waits ??= []).push(p);
    }
    if (!waits) return null;
    return waits.length === 1 ? (waits[0] as Promise<void>) : Promise.all(waits);
  }

  async close(): Promise<void> {
    try {
      for (const j of this.journals.values()) await j.close();
    } finally {
      OPEN_DIRS.delete(this.dataDir);
    }
  }
}
