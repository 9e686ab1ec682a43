import { describe, expect, it } from 'vitest';
import { createLogger, prettyLogsWanted } from './logger.ts';

/** The JSON lines a logger writes, as a log collector reads them. */
function logged(write: (log: ReturnType<typeof createLogger>) => void): Record<string, unknown> {
  const lines: string[] = [];
  const log = createLogger('info', { destination: { write: (line: string) => lines.push(line) } });
  write(log);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

const terminal = { isTTY: true };
const pipe = { isTTY: false };

describe('prettyLogsWanted', () => {
  it('gives a developer at a terminal readable lines', () => {
    expect(prettyLogsWanted('development', terminal, {})).toBe(true);
    expect(prettyLogsWanted('development', terminal, { CI: 'false' })).toBe(true);
  });

  it('keeps JSON in production, staging and tests', () => {
    for (const nodeEnv of ['production', 'staging', 'test']) {
      expect(prettyLogsWanted(nodeEnv, terminal, {})).toBe(false);
    }
  });

  it('keeps JSON under CI and when the output is piped', () => {
    expect(prettyLogsWanted('development', terminal, { CI: 'true' })).toBe(false);
    expect(prettyLogsWanted('development', pipe, {})).toBe(false);
  });
});

describe('log redaction', () => {
  it("keeps an error's code, which is what an operator searches the logs for", () => {
    const err = Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:587'), {
      code: 'ECONNREFUSED',
    });
    const line = logged((log) => log.error({ err }, 'mail not sent'));
    expect(line.err).toMatchObject({ code: 'ECONNREFUSED', message: err.message });
    const mongo = logged((log) => log.warn({ error: { code: 11000 } }, 'duplicate'));
    expect(mongo.error).toEqual({ code: 11000 });
  });

  it('still hides codes that are secrets: a key, a verification or an OAuth code', () => {
    const line = logged((log) =>
      log.info(
        {
          key: { code: 'AAAAA-BBBBB-CCCCC' },
          body: { code: '4/0AbC-oauth' },
          query: { codes: ['x'] },
        },
        'request',
      ),
    );
    expect(line).toMatchObject({
      key: { code: '[redacted]' },
      body: { code: '[redacted]' },
      query: { codes: '[redacted]' },
    });
    expect(JSON.stringify(line)).not.toMatch(/AAAAA|oauth/);
  });
});
