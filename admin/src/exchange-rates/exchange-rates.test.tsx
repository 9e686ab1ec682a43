import { renderInConsole } from '@market/console-kit/testing';
import type { ExchangeRate } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  ResourceContextProvider,
  testDataProvider,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ExchangeRateEdit } from './ExchangeRateEdit.tsx';

const USD: ExchangeRate = {
  id: 'usd',
  rate: 1.08,
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: null,
};

function renderEdit() {
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...USD, ...params.data } as RaRecord,
  }));
  renderInConsole(
    <ResourceContextProvider value="exchange-rates">
      <ExchangeRateEdit id="usd" />
    </ResourceContextProvider>,
    {
      messages: { en, it: italian },
      dataProvider: testDataProvider({
        getOne: async () => ({ data: USD as never }),
        update: update as never,
      }),
    },
  );
  return update;
}

afterEach(cleanup);

describe('ExchangeRateEdit', () => {
  it('refuses a rate of 0 with the rule, and saves a valid one alone', async () => {
    const update = renderEdit();
    expect(await screen.findByText(/re-prices every offer/)).toBeTruthy();
    const rate = await screen.findByLabelText('Units per 1 EUR *');
    await waitFor(() => expect((rate as HTMLInputElement).value).toBe('1.08'));

    fireEvent.focus(rate);
    fireEvent.change(rate, { target: { value: '0' } });
    fireEvent.blur(rate);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a rate above 0 and at most 1000')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    fireEvent.focus(rate);
    fireEvent.change(rate, { target: { value: '1.1234' } });
    fireEvent.blur(rate);
    await waitFor(() =>
      expect(screen.queryByText('Enter a rate above 0 and at most 1000')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 5000 });
    expect(update.mock.calls[0]![1].data).toEqual({ rate: 1.1234 });
  }, 15_000);
});
