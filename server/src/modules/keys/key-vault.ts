import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isDeployment, type Config } from '../../config.ts';
import { normaliseKeyCode } from './key-code.ts';

const FORMAT = 'v1';
/** Sets image hashes apart from text ones (a normalised text code never holds a NUL). */
const IMAGE_HASH_PREFIX = 'image\0';

export type KeyVault = {
  /** AES-256-GCM ciphertext as `v1:iv:tag:data` (base64 parts). */
  encrypt(code: string): string;
  decrypt(sealed: string): string;
  /** Keyed hash of the normalised code (key-code.ts): finds duplicates without storing plaintext. */
  hash(code: string): string;
  /**
   * Keyed hash of an image code's bytes (never of its base64 text, which may be wrapped or padded
   * differently for the same image); never equal to a text code's hash.
   */
  hashImage(bytes: Buffer): string;
};

/** A vault from a 32-byte master key; encryption and hashing use separate derived keys. */
export function createKeyVault(master: Buffer): KeyVault {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, '', info, 32));
  const encKey = derive('key-encryption');
  const hashKey = derive('key-hash');
  return {
    encrypt(code) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const data = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64'));
      return [FORMAT, ...parts].join(':');
    },
    decrypt(sealed) {
      const [format, iv, tag, data] = sealed.split(':');
      if (format !== FORMAT || !iv || !tag || !data) throw new Error('unknown key format');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
    hash: (code) => createHmac('sha256', hashKey).update(normaliseKeyCode(code)).digest('hex'),
    hashImage: (bytes) =>
      createHmac('sha256', hashKey).update(IMAGE_HASH_PREFIX).update(bytes).digest('hex'),
  };
}

/**
 * The master key: KEY_ENCRYPTION_KEY when given, else a development key generated once under
 * DATA_DIR (losing that file makes the stored keys unreadable, as losing the real one would).
 * Production and staging never generate one: a key next to the data leaks with it.
 */
export function loadMasterKey(
  config: Pick<Config, 'KEY_ENCRYPTION_KEY' | 'DATA_DIR' | 'NODE_ENV'>,
): Buffer {
  if (config.KEY_ENCRYPTION_KEY) return Buffer.from(config.KEY_ENCRYPTION_KEY, 'base64');
  if (isDeployment(config.NODE_ENV)) {
    throw new Error(`KEY_ENCRYPTION_KEY is required in ${config.NODE_ENV}`);
  }
  const dataDir = config.DATA_DIR;
  const file = path.join(dataDir, 'key-encryption.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}
