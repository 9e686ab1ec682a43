import type { Container } from '../container.ts';

/**
 * The supplier-fulfilment job's run: the approved orders whose on-demand purchases were left
 * unsettled (`requested` or `pending` in the book) over `afterSeconds` ago — a crash mid-way, a
 * supplier that did not answer, a pre-order whose code may have arrived — are delivered again,
 * each unit asked of the supplier (`findPurchase`) before anything is bought. Answers how many
 * orders got delivered.
 */
export async function resumeSupplierFulfilment(args: {
  container: Pick<Container, 'supplierFulfilment' | 'orderService'>;
  afterSeconds: number;
  now?: Date;
}): Promise<number> {
  const now = args.now ?? new Date();
  const before = new Date(now.getTime() - args.afterSeconds * 1000);
  const ids = await args.container.supplierFulfilment.unsettledOrders(before, 100);
  return ids.length ? args.container.orderService.deliverAgain(ids, now) : 0;
}
