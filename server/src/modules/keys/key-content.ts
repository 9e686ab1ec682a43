import { IMAGE_KEY_MASK, type RevealedKeyCode } from '@market/shared';
import { maskKeyCode } from './key-mask.ts';
import type { KeyVault } from './key-vault.ts';
import type { KeyDoc } from './keys.repository.ts';

type SealedKey = Pick<KeyDoc, 'secret' | 'kind' | 'image'>;

/**
 * A key's code opened for the one who may see it (its buyer, an admin's audited reveal), by its
 * kind: a text code as it is, an image code as its base64 bytes with its MIME type and file name.
 * Throws when the secret cannot be decrypted.
 */
export function openKeyCode(vault: KeyVault, key: SealedKey): RevealedKeyCode {
  const plain = vault.decrypt(key.secret);
  if (key.kind !== 'image') return { kind: 'text', code: plain };
  return {
    kind: 'image',
    image: {
      mimeType: key.image?.mimeType ?? 'application/octet-stream',
      filename: key.image?.filename ?? 'code',
      base64: plain,
    },
  };
}

/**
 * What a list shows of a key's code: a text code's mask (key-mask.ts), an image code's
 * placeholder (nothing of an image is worth showing, and its base64 would only be noise).
 */
export function listedKeyCode(vault: KeyVault, key: SealedKey): string {
  if (key.kind === 'image') return IMAGE_KEY_MASK;
  try {
    return maskKeyCode(vault.decrypt(key.secret));
  } catch {
    // An unreadable secret (a lost master key) still lists; the reveal is what fails.
    return maskKeyCode('');
  }
}
