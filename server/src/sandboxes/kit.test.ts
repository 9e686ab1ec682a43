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

  it('shares one write among the saves asked for while another is on its way, and never goes back', async () => {
    const file = tempFile();
    const store = openJsonStore(file, () => ({ payments: [] as number[] }));
    const saves: Array<Promise<void>> = [];
    for (let i = 0; i < 50; i++) {
      store.state.payments.push(i);
      saves.push(store.saveSoon());
      // A turn passes between payments, as between requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(saves);
    expect(onDisk(file)).toEqual({ payments: Array.from({ length: 50 }, (_, i) => i) });

    // A blocking save overtaking a write on its way: the older snapshot does not replace it.
    store.state.payments = [1];
    const older = store.saveSoon();
    // Two turns: its snapshot is taken, its file still being written.
    for (let i = 0; i < 2; i++) await new Promise((resolve) => setImmediate(resolve));
    store.state.payments = [2];
    store.save();
    await older;
    expect(onDisk(file)).toEqual({ payments: [2] });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['state.json']);
  });

  it('settles once the writes asked for are on disk, so its directory can then be removed', async () => {
    const file = tempFile();
    const store = openJsonStore(file, () => ({ payments: [] as number[] }));
    for (let i = 0; i < 5; i++) {
      store.state.payments.push(i);
      void store.saveSoon();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await store.settled();
    expect(fs.readdirSync(path.dirname(file))).toEqual(['state.json']);
    expect(onDisk(file)).toEqual({ payments: [0, 1, 2, 3, 4] });
    fs.rmSync(path.dirname(file), { recursive: true });
  });
});
