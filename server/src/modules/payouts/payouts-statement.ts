import type { LedgerEntry } from '@market/shared';
import type { LedgerEntryDoc } from '../ledger/ledger.facade.ts';
import type { PayoutDoc } from './payouts.repository.ts';

/** A ledger entry as the seller console shows it (entries before commissions: no commission). */
export function toLedgerEntry(e: LedgerEntryDoc, now: Date): LedgerEntry {
  const availableAt = e.availableAt ?? e.at;
  return {
    id: e._id.toHexString(),
    orderId: e.orderId.toHexString(),
    itemId: e.itemId.toHexString(),
    type: e.type,
    currency: e.currency,
    grossCents: e.grossCents ?? e.amountCents,
    sellerDiscountCents: e.sellerDiscountCents ?? 0,
    rateBps: e.rateBps ?? 0,
    feeCents: e.feeCents ?? 0,
    commissionCents: e.commissionCents ?? 0,
    netCents: e.amountCents,
    status: e.held ? 'held' : availableAt > now ? 'pending' : 'available',
    availableAt: availableAt.toISOString(),
    at: e.at.toISOString(),
  };
}

const cents = (n: number) => {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * A seller's statement of a period as CSV: every ledger movement (sale, refund, chargeback with
 * its gross, seller-funded discount, commission and net) and every payout, oldest first, amounts
 * in the currency's units with two decimals (the cents exactly).
 */
export function statementCsv(entries: LedgerEntryDoc[], payouts: PayoutDoc[], now: Date): string {
  const header = [
    'date',
    'type',
    'currency',
    'order',
    'gross',
    'seller_discount',
    'commission_rate_bps',
    'fixed_fee',
    'commission',
    'net',
    'status',
    'reference',
  ];
  const rows: Array<{ at: Date; cols: string[] }> = [];
  for (const doc of entries) {
    const e = toLedgerEntry(doc, now);
    rows.push({
      at: doc.at,
      cols: [
        e.at,
        e.type,
        e.currency.toUpperCase(),
        e.orderId,
        cents(e.grossCents),
        cents(e.sellerDiscountCents),
        String(e.rateBps),
        cents(e.feeCents),
        cents(e.commissionCents),
        cents(e.netCents),
        e.status,
        '',
      ],
    });
  }
  for (const p of payouts) {
    rows.push({
      at: p.createdAt,
      cols: [
        p.createdAt.toISOString(),
        `payout (${p.method})`,
        p.currency.toUpperCase(),
        '',
        '',
        '',
        '',
        '',
        '',
        cents(-p.amountCents),
        p.status,
        p.reference ?? p.batchId ?? '',
      ],
    });
  }
  rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  return (
    [header, ...rows.map((r) => r.cols)].map((cols) => cols.map(cell).join(',')).join('\n') + '\n'
  );
}
