import type { CursorTable } from '../cursors.ts';
import type { OpCounters } from '../opcounters.ts';
import type { Store } from '../store.ts';
import type { Doc } from '../types.ts';

/** What a command handler may touch. Handlers run synchronously: read-modify-write is atomic. */
export interface CommandContext {
  store: Store;
  cursors: CursorTable;
  opcounters: OpCounters;
  /** The command's database (`$db`). */
  db: string;
  connectionId: number;
  remote: string;
}

/** A reply, or its promise: only a change stream's getMore waits (for the next change). */
export type Handler = (ctx: CommandContext, cmd: Doc) => Doc | Promise<Doc>;
