import pino from 'pino';

export type Logger = pino.Logger;

type LoggerOptions = {
  /** One coloured line per entry (pino-pretty) instead of JSON: see `prettyLogsWanted`. */
  pretty?: boolean;
};

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
export function createLogger(level: string, { pretty = false }: LoggerOptions = {}): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.code',
        '*.codes',
        '*.token',
      ],
      censor: '[redacted]',
    },
    // Redaction happens before the transport, so pretty lines hide the same secrets.
    ...(pretty && {
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
      },
    }),
  });
}
