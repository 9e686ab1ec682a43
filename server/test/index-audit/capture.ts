import path from 'node:path';
import type { CommandStartedEvent, IndexDescription, MongoClient } from 'mongodb';
import { describeShape, shapesOfCommand, type QueryShape } from './esr.ts';

/**
 * The queries the app sent during a test file, from the driver's command monitoring on the
 * clients the harness creates (production clients monitor nothing). `setup.ts` checks them
 * after each test against the indexes the app declares.
 */
export type Captured = {
  shape: QueryShape;
  key: string;
  /** The app's source line that sent it (the innermost `server/src/` frame). */
  from: string;
  /** Every `server/src/` file on its async stack, innermost first. */
  via: string[];
  /** The indexes the app declared for that collection when it sent it. */
  indexes: IndexDescription[];
};

type AuditState = {
  /** Shapes seen and not checked yet, by `describeShape`. */
  pending: Map<string, Captured>;
  /** Shapes already checked in this test file. */
  checked: Set<string>;
};

const STATE = Symbol.for('market.indexAudit');
const globals = globalThis as { [STATE]?: AuditState };

export function auditState(): AuditState {
  return (globals[STATE] ??= { pending: new Map(), checked: new Set() });
}

const QUERY_COMMANDS = new Set([
  'find',
  'aggregate',
  'count',
  'distinct',
  'update',
  'delete',
  'findAndModify',
]);

const SRC = `${path.sep}server${path.sep}src${path.sep}`;
// The write watcher wraps the Db the tests write through too: its frames say nothing of who asked.
const NOT_THE_APP = [`${SRC}page-cache${path.sep}write-watch.ts`];

/**
 * Where in the app a command was sent from: the `server/src/` frames of the async stack,
 * innermost first, none when only test code asked (a test reading the database to check it).
 */
function appFrames(): string[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const at = line.indexOf(SRC);
    if (at < 0 || NOT_THE_APP.some((p) => line.includes(p))) continue;
    frames.push(line.slice(at + 1).replace(/\)$/, ''));
  }
  return frames;
}

/**
 * Records every query `client` sends for the app, checked later against `indexes()` (read when
 * the query is sent: the container's, known once it is built).
 */
export function captureQueries(
  client: MongoClient,
  indexes: () => Record<string, IndexDescription[]>,
): void {
  const state = auditState();
  client.on('commandStarted', (event: CommandStartedEvent) => {
    if (!QUERY_COMMANDS.has(event.commandName)) return;
    if (event.databaseName === 'admin' || event.databaseName === 'config') return;
    const shapes = shapesOfCommand(event.commandName, event.command);
    if (!shapes.length) return;
    const frames = appFrames();
    const from = frames[0];
    if (!from) return;
    const via = [...new Set(frames.map((f) => f.replace(/:\d+:\d+$/, '')))];
    const declared = indexes();
    for (const shape of shapes) {
      const key = describeShape(shape);
      if (!state.checked.has(key) && !state.pending.has(key))
        state.pending.set(key, {
          shape,
          key,
          from,
          via,
          indexes: declared[shape.collection] ?? [],
        });
    }
  });
}
