import { createI18nProvider } from '@market/console-kit';
import type { Seller } from '@market/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type RaRecord,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { PENDING_SELLER } from './test-sellers.ts';
import sellers from './index.ts';

const SECOND: Seller = { ...PENDING_SELLER, id: 'game-den-000002', name: 'Game Den' };
const THIRD: Seller = { ...PENDING_SELLER, id: 'key-barn-000003', name: 'Key Barn' };
const PENDING = [PENDING_SELLER, SECOND, THIRD];

/** The sellers list over memory; `decideSeller` stands for the API's per-seller decision. */
function renderSellers(decideSeller: (params: unknown) => Promise<Seller>) {
  render(
    <TestMemoryRouter initialEntries={['/sellers']}>
      <Admin
        dataProvider={testDataProvider({
          getList: async <R extends RaRecord>() => ({
            data: PENDING as unknown as R[],
            total: PENDING.length,
          }),
          decideSeller,
        })}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore()}
        disableTelemetry
      >
        <Resource name="sellers" {...sellers} />
      </Admin>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe('sellers bulk decisions', () => {
  it('rejects each selected application with the reason and tells how many succeeded and failed', async () => {
    // The third was decided by someone else meanwhile: the API answers 409 for it alone.
    const decideSeller = vi.fn(async ({ id }: { id: string }) => {
      if (id === THIRD.id) throw Object.assign(new Error('Conflict'), { status: 409 });
      return PENDING.find((seller) => seller.id === id)!;
    });
    renderSellers(decideSeller as (params: unknown) => Promise<Seller>);
    await screen.findByText('Key Barn');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 3 sellers?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: ' Incomplete company data ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(decideSeller).toHaveBeenCalledTimes(3));
    expect(decideSeller.mock.calls.map(([params]) => params)).toEqual(
      PENDING.map(({ id }) => ({ id, decision: 'reject', reason: 'Incomplete company data' })),
    );
    expect(await screen.findByText('2 done, 1 failed')).toBeTruthy();
  });

  it('approves the selected applications, one decision per seller', async () => {
    const decideSeller = vi.fn(async () => PENDING_SELLER);
    renderSellers(decideSeller);
    await screen.findByText('Game Den');

    const row = screen.getByText('Game Den').closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve 1 seller?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() =>
      expect(decideSeller).toHaveBeenCalledWith({
        id: SECOND.id,
        decision: 'approve',
        reason: '',
      }),
    );
    expect(decideSeller).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('1 done, 0 failed')).toBeTruthy();
  });
});
