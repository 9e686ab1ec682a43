import { csvExporter, moneyColumn } from '@market/console-kit';

/** CSV of the orders the list shows (its current filter and sort): who, when, how much, how paid. */
export const orderExporter = csvExporter('orders', [
  'id',
  'number',
  'createdAt',
  'email',
  'status',
  'currency',
  moneyColumn('totals.subtotal', undefined, 'subtotal'),
  moneyColumn('totals.discount', undefined, 'discount'),
  moneyColumn('totals.vat', undefined, 'vat'),
  moneyColumn('totals.total', undefined, 'total'),
  moneyColumn('refundedCents', undefined, 'refunded'),
  'payment.provider',
  'payment.status',
  'payment.providerRef',
]);
