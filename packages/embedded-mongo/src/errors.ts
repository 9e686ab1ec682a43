import { MingoError } from 'mingo/util';
import type { Doc } from './types.ts';

/** An error that becomes an `{ ok: 0, code, codeName, errmsg }` reply (or a writeErrors entry). */
export class CommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra reply fields, e.g. keyPattern/keyValue of a duplicate key. */
  readonly extra: Doc;

  constructor(code: number, codeName: string, message: string, extra: Doc = {}) {
    super(message);
    this.code = code;
    this.codeName = codeName;
    this.extra = extra;
  }
}

// The server error codes the driver and applications look at (src/mongo/base/error_codes.yml).
export const badValue = (msg: string) => new CommandError(2, 'BadValue', msg);
export const failedToParse = (msg: string) => new CommandError(9, 'FailedToParse', msg);
export const typeMismatch = (msg: string) => new CommandError(14, 'TypeMismatch', msg);
export const illegalOperation = (msg: string) => new CommandError(20, 'IllegalOperation', msg);
export const namespaceNotFound = (msg: string) => new CommandError(26, 'NamespaceNotFound', msg);
export const indexNotFound = (msg: string) => new CommandError(27, 'IndexNotFound', msg);
export const cursorNotFound = (msg: string) => new CommandError(43, 'CursorNotFound', msg);
export const namespaceExists = (msg: string) => new CommandError(48, 'NamespaceExists', msg);
export const commandNotFound = (name: string) =>
  new CommandError(59, 'CommandNotFound', `no such command: '${name}'`);
export const immutableField = (msg: string) => new CommandError(66, 'ImmutableField', msg);
export const cannotCreateIndex = (msg: string) => new CommandError(67, 'CannotCreateIndex', msg);
export const invalidOptions = (msg: string) => new CommandError(72, 'InvalidOptions', msg);
export const indexOptionsConflict = (msg: string) =>
  new CommandError(85, 'IndexOptionsConflict', msg);
export const indexKeySpecsConflict = (msg: string) =>
  new CommandError(86, 'IndexKeySpecsConflict', msg);
export const notImplemented = (msg: string) => new CommandError(238, 'NotImplemented', msg);

/**
 * Maps an error thrown by mingo (or our own code) to a CommandError. mingo's messages already
 * name the offending operator; we translate the common ones to MongoDB's wording and codes.
 */
export function toCommandError(err: unknown): CommandError {
  if (err instanceof CommandError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  let m: RegExpMatchArray | null;
  if ((m = msg.match(/unregistered pipeline operator (\$\w+)/))) {
    return new CommandError(40324, 'Location40324', `Unrecognized pipeline stage name: '${m[1]}'`);
  }
  if ((m = msg.match(/Unknown pipeline operator: '(\$\w+)'/))) {
    return new CommandError(40324, 'Location40324', `Unrecognized pipeline stage name: '${m[1]}'`);
  }
  if ((m = msg.match(/unknown (?:top level|query) operator:? (\$\w+)/))) {
    return badValue(`unknown operator: ${m[1]}`);
  }
  if ((m = msg.match(/Unknown update operator: '(\$\w+)'/))) {
    return failedToParse(
      `Unknown modifier: ${m[1]}. Expected a valid update modifier or pipeline-style update specified as an array`,
    );
  }
  if ((m = msg.match(/accumulator '(\$\w+)' is not registered/))) {
    return new CommandError(168, 'InvalidPipelineOperator', `Unrecognized expression '${m[1]}'`);
  }
  if (/Performing an update on the path '_id'/.test(msg)) return immutableField(msg);
  if (err instanceof MingoError) return badValue(msg);
  // Anything else is a bug or a malformed command we did not anticipate: report, don't crash.
  return new CommandError(1, 'InternalError', msg);
}

/** The reply document for a failed command. */
export function errorReply(err: unknown): Doc {
  const e = toCommandError(err);
  return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra };
}
