import type { ModuleDeclaration } from '../../runtime/module.ts';

/** Orders bring the expiry job: unpaid orders past their deadline give their keys back. */
export const ordersModule = (given: {
  orders: { expireReservations(now: Date): Promise<unknown> };
  expiryEveryMs: number;
}): ModuleDeclaration => ({
  name: 'orders',
  jobs: [
    {
      name: 'order-expiry',
      everyMs: given.expiryEveryMs,
      run: () => given.orders.expireReservations(new Date()),
    },
  ],
});
