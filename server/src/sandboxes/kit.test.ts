import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJsonStore } from './kit.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-store-'));
  dirs.push(dir);
  return path.join(dir, 'state.json');
}

const onDisk = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;

describe('a sandbox JSON store', () => {
  it('writes the saves of one turn once, each change on disk when its save resolves', async () => {
    const file = tempFile();
    const store = openJsonStore(file, () => ({ payments: [] as string[] }));
    const writes: number[] = [];
    const rename = fs.renameSync;
    // Counted, not replaced: the real rename still runs.
    fs.renameSync = (from, to) => (writes.push(Date.now()), rename(from, to));
    try {
      store.state.payments.push('a');
      const first = store.saveSoon();
      store.state.payments.push('b');
      const second = store.saveSoon();
      expect(fs.existsSync(file)).toBe(false); // nothing written before the turn ends
      await Promise.all([first, second]);
      expect(writes).toHaveLength(1);
      expect(onDisk(file)).toEqual({ payments: ['a', 'b'] });

      store.state.payments.push('c');
      await store.saveSoon();
      expect(writes).toHaveLength(2);
      expect(onDisk(file)).toEqual({ payments: ['a', 'b', 'c'] });
    } finally {
      fs.renameSync = rename;
    }
    // A restart reads back what was acknowledged.
    expect(openJsonStore(file, () => ({ payments: [] as string[] })).state.payments).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});
