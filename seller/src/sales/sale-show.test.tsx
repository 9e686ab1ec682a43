import { renderInConsole } from '@market/console-kit/testing';
import { SellerSaleSchema, type SellerSaleDetail } from '@market/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { RecordContextProvider, ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SaleShow } from './SaleShow.tsx';
import {
  SaleClaimsSection,
  SaleLinesSection,
  SaleMoneySection,
  SaleRefundsSection,
} from './sale-sections.tsx';

const ORDER = '0123456789abcdef0123aaaa';
const LINE_A = '0123456789abcdef0123bbbb';
const LINE_B = '0123456789abcdef0123cccc';

const key = (id: string, state: SellerSaleDetail['lines'][number]['keys'][number]['state']) => ({
  id,
  state,
  revealedAt: null,
  claimedAt: null,
});

const SALE: SellerSaleDetail = {
  id: `${ORDER}-${LINE_A}`,
  orderId: ORDER,
  orderNumber: '000042',
  productId: '0123456789abcdef0123dddd',
  offerId: '0123456789abcdef0123eeee',
  name: 'Space Miner',
  quantity: 1,
  unitPriceCents: 1500,
  currency: 'eur',
  status: 'approved',
  deliveredCount: 1,
  createdAt: '2026-03-02T09:30:00.000Z',
  lines: [
    {
      itemId: LINE_A,
      productId: '0123456789abcdef0123dddd',
      offerId: '0123456789abcdef0123eeee',
      name: 'Space Miner',
      quantity: 1,
      unitPriceCents: 1500,
      grossCents: 1500,
      deliveredCount: 1,
      refundedCents: 1500,
      refundedAt: '2026-03-03T09:30:00.000Z',
      keys: [key('k1', 'refunded')],
    },
    {
      itemId: LINE_B,
      productId: '0123456789abcdef0123ffff',
      offerId: '0123456789abcdef01230000',
      name: 'Star Farmer',
      quantity: 2,
      unitPriceCents: 1000,
      grossCents: 2000,
      deliveredCount: 2,
      refundedCents: null,
      refundedAt: null,
      keys: [key('k2', 'revealed'), key('k3', 'delivered')],
    },
  ],
  totals: { grossCents: 3500, commissionCents: 200, netCents: 1800, reversedCents: 1400 },
  refunds: [
    {
      id: 'r1',
      itemId: LINE_A,
      amountCents: 1500,
      reason: 'Buyer could not activate',
      status: 'completed',
      createdAt: '2026-03-03T09:30:00.000Z',
    },
  ],
  claims: [],
};

afterEach(cleanup);

function renderSale(sale: SellerSaleDetail = SALE) {
  renderInConsole(
    <RecordContextProvider value={sale}>
      <SaleLinesSection />
      <SaleMoneySection />
      <SaleRefundsSection />
      <SaleClaimsSection />
    </RecordContextProvider>,
    { messages: { en, it: italian } },
  );
}

describe('the seller’s sale page', () => {
  it('waits for the detail while only the list’s row is known', () => {
    // The list's row: the sale's fields without the detail.
    const row = SellerSaleSchema.parse(SALE);
    renderSale(row as SellerSaleDetail);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows each line with its keys’ states, never a code', async () => {
    renderSale();
    const lineA = await screen.findByTestId(`line-${LINE_A}`);
    expect(within(lineA).getByText('Refunded')).toBeTruthy();
    const lineB = screen.getByTestId(`line-${LINE_B}`);
    expect(within(lineB).getByText('Revealed')).toBeTruthy();
    expect(within(lineB).getByText('Delivered')).toBeTruthy();
    expect(within(lineB).getByText('€20.00')).toBeTruthy();
  });

  it('shows the money, the refunds with their reason, and that no claim was made', async () => {
    renderSale();
    expect(within(await screen.findByTestId('total-netCents')).getByText('€18.00')).toBeTruthy();
    expect(within(screen.getByTestId('total-commissionCents')).getByText('€2.00')).toBeTruthy();
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('Buyer could not activate')).toBeTruthy();
    expect(within(refunds).getByText('Completed')).toBeTruthy();
    expect(screen.getByText('No buyer reported a key of this order.')).toBeTruthy();
  });
});

describe('SaleShow', () => {
  it('loads the sale and shows its order, status and sections', async () => {
    const getOne = vi.fn(async () => ({ data: SALE as never }));
    renderInConsole(
      <ResourceContextProvider value="sales">
        <SaleShow id={SALE.id} />
      </ResourceContextProvider>,
      { messages: { en, it: italian }, dataProvider: testDataProvider({ getOne }) },
    );
    expect(await screen.findByRole('region', { name: 'Your lines in this order' })).toBeTruthy();
    expect(screen.getAllByText('000042').length).toBeGreaterThan(0);
    expect(getOne).toHaveBeenCalledWith('sales', expect.objectContaining({ id: SALE.id }));
  });
});
