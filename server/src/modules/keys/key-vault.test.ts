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

  it('cannot be read with another master key', () => {
    const other = createKeyVault(randomBytes(32));
    expect(() => other.decrypt(vault.encrypt('ABCD-EFGH-IJKL-MNOP'))).toThrow();
    expect(other.hash('ABCD-EFGH-IJKL-MNOP')).not.toBe(vault.hash('ABCD-EFGH-IJKL-MNOP'));
  });
});
