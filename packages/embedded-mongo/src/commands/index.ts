import { commandNotFound, errorReply, illegalOperation } from '../errors.ts';
import type { Doc } from '../types.ts';
import { adminCommands } from './admin.ts';
import type { CommandContext, Handler } from './context.ts';
import { ddlCommands } from './ddl.ts';
import { readCommands } from './read.ts';
import { writeCommands } from './write.ts';

export type { CommandContext } from './context.ts';

const HANDLERS = new Map<string, Handler>(
  Object.entries({ ...adminCommands, ...readCommands, ...writeCommands, ...ddlCommands }),
);

export const SUPPORTED_COMMANDS = [...HANDLERS.keys()].sort();

/**
 * Runs one command to completion, synchronously, and returns its reply (a change stream's
 * getMore may answer a promise: it waits for the next change). Never throws nor rejects: any
 * failure, including a malformed command, becomes an `ok: 0` reply.
 */
export function runCommand(ctx: CommandContext, cmd: Doc): Doc | Promise<Doc> {
  try {
    const name = Object.keys(cmd)[0];
    if (name === undefined) throw commandNotFound('');
    const handler = HANDLERS.get(name);
    if (!handler) throw commandNotFound(name);
    ctx.opcounters.count(name, cmd);
    if (
      cmd['startTransaction'] !== undefined ||
      cmd['autocommit'] !== undefined ||
      cmd['txnNumber'] !== undefined
    ) {
      throw illegalOperation(
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
    }
    const reply = handler(ctx, cmd);
    return reply instanceof Promise ? reply.catch(errorReply) : reply;
  } catch (err) {
    return errorReply(err);
  }
}
