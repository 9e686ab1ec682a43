import { renderInConsole } from '@market/console-kit/testing';
import type { AdminSupplierPurchase } from '@market/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SupplierPurchaseList } from './SupplierPurchaseList.tsx';

const STORED: AdminSupplierPurchase = {
  id: '65f1c0ffee00000000000001',
  clientRef: '65f1c0ffee000000000000aa:0:0',
  kind: 'onDemand',
  supplier: 'codeswholesale',
  connectionId: '65f1c0ffee00000000000c01',
  sellerId: '65f1c0ffee00000000000501',
  offerId: '65f1c0ffee00000000000f01',
  orderId: '65f1c0ffee000000000000aa',
  sku: 'COD-00007',
  quantity: 1,
  maxUnitPrice: { cents: 1500, currency: 'eur' },
  unitPrice: { cents: 1234, currency: 'eur' },
  supplierPurchaseId: 'cw-778',
  status: 'stored',
  codeCount: 1,
  error: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:02.000Z',
};
const FAILED: AdminSupplierPurchase = {
  ...STORED,
  id: '65f1c0ffee00000000000002',
  clientRef: 'stock:65f1c0ffee00000000000f01:3',
  kind: 'stock',
  supplier: 'wock',
  orderId: null,
  unitPrice: null,
  supplierPurchaseId: null,
  status: 'failed',
  codeCount: 0,
  error: { code: 'OUT_OF_STOCK', message: 'Not enough stock' },
};

afterEach(cleanup);

describe('admin supplier purchases', () => {
  it('lists each purchase with our reference, its order, cost, status and code count', async () => {
    renderInConsole(
      <ResourceContextProvider value="supplier-purchases">
        <SupplierPurchaseList />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getList: async () => ({ data: [STORED, FAILED] as never[], total: 2 }),
        }),
      },
    );
    const stored = (await screen.findByText(STORED.clientRef)).closest('tr')!;
    expect(within(stored).getByText('CodesWholesale')).toBeTruthy();
    expect(within(stored).getByRole('link', { name: STORED.orderId! })).toBeTruthy();
    expect(within(stored).getByText(/12\.34/)).toBeTruthy();
    expect(within(stored).getByText('Stored')).toBeTruthy();

    const failed = screen.getByText(FAILED.clientRef).closest('tr')!;
    expect(within(failed).getByText('Wock')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('OUT_OF_STOCK')).toBeTruthy();
    expect(within(failed).queryByRole('link')).toBeNull();
  });
});
