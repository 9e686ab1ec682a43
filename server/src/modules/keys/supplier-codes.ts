import type { ObjectId } from 'mongodb';
import type { SupplierId } from '@market/shared';
import type { SupplierCode } from '../../integrations/suppliers/supplier.ts';
import type { KeyVault } from './key-vault.ts';
import type { KeyDoc } from './keys.repository.ts';

/** Where bought codes come from and whose keys they become. */
export type SupplierKeyOrigin = {
  offerId: ObjectId;
  productId: ObjectId;
  sellerId: string;
  supplier: SupplierId;
  /** The supplier's id for the purchase. */
  supplierPurchaseId: string;
  /** Our reference for it (`stock:<offerId>:<batch>`, `<orderId>:<line>:<unit>`). */
  supplierClientRef: string;
};

/** A new key of a supplier's code, before it is inserted (status `available`). */
export type SupplierKeyDoc = Omit<KeyDoc, '_id'>;

/**
 * The keys of a supplier's codes, sealed and hashed like uploads, in the codes' order; pre-orders
 * (no code yet) are left out. A text code is kept as given. An image code (a scanned card) is
 * kept as its bytes in base64, hashed over the bytes, so the same image sold twice is a duplicate
 * however the supplier wrapped its base64; its MIME type and file name stay readable for the
 * reveal, the image never. The caller inserts them (`insertNew`), changing `status` and adding an
 * order as it needs (on-demand units are sold at once).
 */
export function supplierKeyDocs(
  vault: KeyVault,
  codes: readonly SupplierCode[],
  origin: SupplierKeyOrigin,
  createdAt: Date,
): SupplierKeyDoc[] {
  return codes.flatMap((code): SupplierKeyDoc[] => {
    const common = {
      ...origin,
      status: 'available' as const,
      source: 'supplier' as const,
      createdAt,
    };
    if (code.kind === 'preorder') return [];
    if (code.kind === 'text') {
      return [{ ...common, hash: vault.hash(code.code), secret: vault.encrypt(code.code) }];
    }
    const bytes = Buffer.from(code.imageBase64, 'base64');
    return [
      {
        ...common,
        kind: 'image',
        image: { mimeType: code.mimeType, filename: code.filename },
        hash: vault.hashImage(bytes),
        secret: vault.encrypt(bytes.toString('base64')),
      },
    ];
  });
}
