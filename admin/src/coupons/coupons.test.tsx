import { renderInConsole } from '@market/console-kit/testing';
import type { Coupon } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ResourceContextProvider,
  testDataProvider,
  type CreateParams,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { CouponCreate } from './CouponCreate.tsx';
import { CouponList } from './CouponList.tsx';

const FIXED: Coupon = {
  id: '0123456789abcdef01239999',
  code: 'WELCOME5',
  kind: 'fixed',
  percentBps: null,
  amounts: { eur: 500, gbp: 450 },
  minAmounts: {},
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  perUserLimit: 1,
  categoryIds: [],
  sellerIds: [],
  active: true,
  fundedBy: 'marketplace',
  usedCount: 7,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
};

// Form tests drive MUI inputs, which are slow on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('coupons', () => {
  it('lists each coupon with its discount in every currency and its uses', async () => {
    renderInConsole(
      <ResourceContextProvider value="coupons">
        <CouponList />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          getList: async () => ({ data: [FIXED] as never[], total: 1 }),
        }),
      },
    );
    const row = (await screen.findByText('WELCOME5')).closest('tr')!;
    expect(within(row).getByText('Fixed amount')).toBeTruthy();
    expect(within(row).getByText('€5.00 · £4.50')).toBeTruthy();
    expect(within(row).getByText('7')).toBeTruthy();
  });

  it('creates a percent coupon: 10 typed is 1000 basis points, limits left empty are null', async () => {
    const create = vi.fn(async (_resource: string, params: CreateParams) => ({
      data: { ...params.data, id: 'new' } as RaRecord,
    }));
    renderInConsole(
      <ResourceContextProvider value="coupons">
        <CouponCreate />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          create: create as never,
          getList: async () => ({ data: [], total: 0 }),
          getMany: async () => ({ data: [] }),
        }),
      },
    );
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'SPRING10' } });
    fireEvent.change(screen.getByLabelText('Percentage off'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({
      code: 'SPRING10',
      kind: 'percent',
      percentBps: 1000,
      amounts: null,
      usageLimit: null,
      perUserLimit: null,
      active: true,
    });
  });

  it('asks for an amount when a fixed coupon has none, and sends nothing', async () => {
    const create = vi.fn();
    renderInConsole(
      <ResourceContextProvider value="coupons">
        <CouponCreate />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: testDataProvider({
          create,
          getList: async () => ({ data: [], total: 0 }),
          getMany: async () => ({ data: [] }),
        }),
      },
    );
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'FLAT' } });
    fireEvent.click(screen.getByLabelText('Fixed amount'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give an amount in a currency')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });
});
