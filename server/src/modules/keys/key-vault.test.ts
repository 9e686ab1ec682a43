import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyVault } from './key-vault.ts';

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

  it('hashes keys that differ only by case or spaces alike, and others apart', () => {
    expect(vault.hash(' abcd-efgh-ijkl-mnop ')).toBe(vault.hash('ABCD-EFGH-IJKL-MNOP'));
    expect(vault.hash('ABCD-EFGH-IJKL-MNOQ')).not.toBe(vault.hash('ABCD-EFGH-IJKL-MNOP'));
  });

  it('cannot be read with another master key', () => {
    const other = createKeyVault(randomBytes(32));
    expect(() => other.decrypt(vault.encrypt('ABCD-EFGH-IJKL-MNOP'))).toThrow();
    expect(other.hash('ABCD-EFGH-IJKL-MNOP')).not.toBe(vault.hash('ABCD-EFGH-IJKL-MNOP'));
  });
});
