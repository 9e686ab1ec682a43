import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeyVault, loadMasterKey } from './key-vault.ts';

const vault = createKeyVault(randomBytes(32));

describe('key vault', () => {
  it('decrypts what it encrypted, and never stores the plaintext', () => {
    const sealed = vault.encrypt('ABCD-EFGH-IJKL-MNOP');
    expect(sealed).not.toContain('ABCD');
    expect(vault.decrypt(sealed)).toBe('ABCD-EFGH-IJKL-MNOP');
  });

  it('encrypts the same key differently each time', () => {
    expect(vault.encrypt('ABCD-EFGH-IJKL-MNOP')).not.toBe(vault.encrypt('ABCD-EFGH-IJKL-MNOP'));
  });

  it('refuses a tampered ciphertext', () => {
    const [format, iv, tag, data] = vault.encrypt('ABCD-EFGH-IJKL-MNOP').split(':');
    const flipped = Buffer.from(data!, 'base64');
    flipped[0]! ^= 1;
    expect(() => vault.decrypt([format, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
  });

  it('hashes keys that differ only by case, surrounding space or separators alike', () => {
    const hash = vault.hash('ABCDE-FGHIJ');
    for (const same of ['ABCDEFGHIJ', 'abcde fghij', ' abcde_fghij ', 'ABC.DE-FG HI_J']) {
      expect(vault.hash(same), same).toBe(hash);
    }
  });

  it('hashes keys with other letters or digits apart', () => {
    expect(vault.hash('ABCDE-FGHIK')).not.toBe(vault.hash('ABCDE-FGHIJ'));
    expect(vault.hash('ABCDE-FGHIJ-0')).not.toBe(vault.hash('ABCDE-FGHIJ'));
  });

  it('hashes an image by its bytes: case matters, and never as a text code', () => {
    const bytes = Buffer.from('iVBORw0KGgoAAAANSUhEUg', 'base64');
    expect(vault.hashImage(Buffer.from(bytes))).toBe(vault.hashImage(bytes));
    const other = Buffer.from('IVBORW0KGGOAAAANSUHEUG', 'base64');
    expect(vault.hashImage(other)).not.toBe(vault.hashImage(bytes));
    expect(vault.hashImage(Buffer.from('ABCDEFGHIJ'))).not.toBe(vault.hash('ABCDEFGHIJ'));
  });

  it('cannot be read with another master key', () => {
    const other = createKeyVault(randomBytes(32));
    expect(() => other.decrypt(vault.encrypt('ABCD-EFGH-IJKL-MNOP'))).toThrow();
    expect(other.hash('ABCD-EFGH-IJKL-MNOP')).not.toBe(vault.hash('ABCD-EFGH-IJKL-MNOP'));
  });
});

describe('master key', () => {
  it('is generated once under DATA_DIR in development, and never in production or staging', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'market-key-')), 'data');
    try {
      for (const NODE_ENV of ['production', 'staging'] as const) {
        expect(() => loadMasterKey({ NODE_ENV, DATA_DIR: dataDir })).toThrow(/KEY_ENCRYPTION_KEY/);
        expect(fs.existsSync(dataDir)).toBe(false);
      }
      const key = loadMasterKey({ NODE_ENV: 'development', DATA_DIR: dataDir });
      expect(key).toHaveLength(32);
      expect(loadMasterKey({ NODE_ENV: 'development', DATA_DIR: dataDir })).toEqual(key);
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });
});
