import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs; secrets (tokens, cookies, key codes) are redacted wherever they appear. */
export function createLogger(level: string): Logger {
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
  });
}
