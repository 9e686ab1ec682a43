import pino from 'pino';

export type Logger = pino.Logger;

type LoggerOptions = {
  /** One coloured line per entry (pino-pretty) instead of JSON: see `prettyLogsWanted`. */
  pretty?: boolean;
  /** Where the JSON lines go (default stdout): tests read what a collector would. */
  destination?: pino.DestinationStream;
};

const REDACTED = '[redacted]';
/** Secrets named by their field, one level down (`{ key: { code } }`), as `*.code` would. */
const SECRET_FIELDS = ['code', 'codes'] as const;

/**
 * A game key's code, a verification or an OAuth code is a secret wherever it is logged; an
 * error's code (`ECONNREFUSED`, `11000`, `UNAVAILABLE`) is what an operator searches the logs
 * for, so it stays. pino's redaction paths cannot tell the two apart (`*.code` hid `err.code`),
 * so this runs first, on the object as logged, where an error is still an `Error`. Plain
 * objects are copied, never changed: the caller's object is not the log's.
 */
function redactCodes(obj: Record<string, unknown>): Record<string, unknown> {
  let out = obj;
  for (const key of Object.keys(obj)) {
    const value = obj[key];
    if (typeof value !== 'object' || value === null || value instanceof Error) continue;
    if (key === 'err' || key === 'error') continue;
    if (!SECRET_FIELDS.some((field) => Object.hasOwn(value, field))) continue;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const field of SECRET_FIELDS) if (Object.hasOwn(copy, field)) copy[field] = REDACTED;
    if (out === obj) out = { ...obj };
    out[key] = copy;
  }
  return out;
}

/**
 * Readable lines only for a person at a terminal in development; JSON wherever a machine reads
 * the log (production, staging, tests, CI, output piped to a file or a collector).
 */
export function prettyLogsWanted(
  nodeEnv: string,
  stdout: { isTTY?: boolean } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false';
  return nodeEnv === 'development' && stdout.isTTY === true && !ci;
}

/** JSON logs (or pretty ones, on request); secrets (tokens, cookies, key codes) are redacted wherever they appear. */
export function createLogger(
  level: string,
  { pretty = false, destination }: LoggerOptions = {},
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      censor: REDACTED,
    },
    // `*.code` and `*.codes`, errors' codes excepted (see redactCodes).
    formatters: { log: redactCodes, bindings: redactCodes },
    // Redaction happens before the transport, so pretty lines hide the same secrets.
    ...(pretty && {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
      },
    }),
  };
  return destination ? pino(options, destination) : pino(options);
}
