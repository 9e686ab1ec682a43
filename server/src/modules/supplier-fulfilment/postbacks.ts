import type { ObjectId } from 'mongodb';
import { parseCodeswholesalePostback } from '../../integrations/suppliers/codeswholesale/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { SupplierPurchaseFacade } from '../supplier-purchases/supplier-purchases.facade.ts';

/**
 * Suppliers' postbacks. CodesWholesale's carry no connection, only the account's `authHash`: the
 * connection is the one whose credentials produce it. A `PREORDER` (the codes of a pre-ordered
 * purchase are assigned) finishes the order that bought it at once instead of at the job's next
 * run; stock and product news sync the connection's offers. The work runs after the answer (the
 * sender only needs to know it was taken in); anything lost is the jobs' again.
 */
export function createSupplierPostbacks(deps: {
  connections: {
    signedBy(
      supplier: 'codeswholesale',
      sent: (credentials: { clientId: string; clientSignature?: string | undefined }) => boolean,
    ): Promise<string | null>;
  };
  purchases: Pick<SupplierPurchaseFacade, 'findBySupplierPurchaseId'>;
  syncConnection: (connectionId: string) => Promise<unknown>;
  deliverAgain: (orderIds: ObjectId[]) => Promise<unknown>;
  log: Logger;
}) {
  const { log } = deps;
  const later = (what: string, run: () => Promise<unknown>) => {
    run().catch((err: unknown) => log.warn({ err }, `postback: ${what} left to the jobs`));
  };
  return {
    /** One CodesWholesale postback; 400 when no connection signed it or its shape is unknown. */
    async codeswholesale(body: unknown): Promise<{ received: true }> {
      let parsed: ReturnType<typeof parseCodeswholesalePostback> | null = null;
      const connectionId = await deps.connections.signedBy('codeswholesale', (credentials) => {
        parsed = parseCodeswholesalePostback(body, credentials);
        return parsed.ok || parsed.reason === 'malformed';
      });
      const result = parsed as ReturnType<typeof parseCodeswholesalePostback> | null;
      if (!connectionId || !result?.ok) {
        throw new AppError('VALIDATION_FAILED', {
          message: result && !result.ok ? result.message : 'No connection signed this postback',
        });
      }
      const { postback } = result;
      if (postback.type === 'PREORDER') {
        const entry = await deps.purchases.findBySupplierPurchaseId(
          'codeswholesale',
          postback.orderId,
        );
        const orderId = entry?.kind === 'onDemand' ? entry.orderId : null;
        if (orderId) later('pre-order delivery', () => deps.deliverAgain([orderId]));
      } else {
        later('sync', () => deps.syncConnection(connectionId));
      }
      return { received: true };
    },
  };
}
export type SupplierPostbacks = ReturnType<typeof createSupplierPostbacks>;
