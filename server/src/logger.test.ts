import { describe, expect, it } from 'vitest';
import { prettyLogsWanted } from './logger.ts';

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
