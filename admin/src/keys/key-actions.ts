import type { ConsoleDataProvider } from '@market/console-kit';
import {
  MaskedKeySchema,
  RevealedKeySchema,
  type MaskedKey,
  type RevealedKey,
} from '@market/shared';
import type { Identifier } from 'react-admin';

const keyPath = (id: Identifier, action: string) =>
  `/keys/${encodeURIComponent(String(id))}/${action}`;

/**
 * `POST /api/admin/keys/:id/reveal`: the code (text, or a supplier's scanned card as an image),
 * once; the API records the reveal.
 */
export async function revealKey(
  dataProvider: ConsoleDataProvider,
  id: Identifier,
  reason: string,
): Promise<RevealedKey> {
  return RevealedKeySchema.parse(await dataProvider.postAction(keyPath(id, 'reveal'), { reason }));
}

/** `POST /api/admin/keys/:id/revoke`: the key afterwards, masked. */
export async function revokeKey(
  dataProvider: ConsoleDataProvider,
  id: Identifier,
  reason: string,
): Promise<MaskedKey> {
  return MaskedKeySchema.parse(await dataProvider.postAction(keyPath(id, 'revoke'), { reason }));
}
