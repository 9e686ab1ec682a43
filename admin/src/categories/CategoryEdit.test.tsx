import { createI18nProvider } from '@market/console-kit';
import { categoriesDataProvider } from '@market/console-kit/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  Admin,
  HttpError,
  memoryStore,
  Resource,
  TestMemoryRouter,
  type DataProvider,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import categories from './index.ts';

function renderAdminAt(path: string, dataProvider: DataProvider, locale: 'en' | 'it' = 'en') {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore({ locale })}
        disableTelemetry
      >
        <Resource name="categories" {...categories} />
      </Admin>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe('category edit form', () => {
  it('shows both names and sends position and both names', async () => {
    const update = vi.fn(async (_resource: string, params: { id: unknown; data: unknown }) => ({
      data: { id: params.id, ...(params.data as object) },
    }));
    renderAdminAt('/categories/cards', { ...categoriesDataProvider(), update } as DataProvider);

    const english = await screen.findByLabelText('Name (English)');
    const italianName = screen.getByLabelText('Name (Italian)');
    expect((english as HTMLInputElement).value).toBe('Gift cards');
    expect((italianName as HTMLInputElement).value).toBe('Carte regalo');

    fireEvent.change(italianName, { target: { value: 'Buoni regalo' } });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toEqual({
      position: 5,
      name: { en: 'Gift cards', it: 'Buoni regalo' },
    });
  });

  it('does not send a category without an Italian name', async () => {
    const update = vi.fn();
    renderAdminAt('/categories/games', { ...categoriesDataProvider(), update } as DataProvider);
    fireEvent.change(await screen.findByLabelText('Name (Italian)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('labels the names in Italian', async () => {
    renderAdminAt('/categories/games', categoriesDataProvider(), 'it');
    expect(await screen.findByLabelText('Nome (inglese)')).toBeTruthy();
    expect(screen.getByLabelText('Nome (italiano)')).toBeTruthy();
  });
});

describe('category bulk delete', () => {
  it("shows the API's refusal when a selected category still holds products", async () => {
    const message = 'Cannot delete: 3 products are still in the category (games: 3).';
    const deleteMany = vi.fn(async () => {
      throw new HttpError(message, 409, { code: 'CONFLICT', message });
    });
    renderAdminAt('/categories', { ...categoriesDataProvider(), deleteMany } as DataProvider);
    const row = (await screen.findByText('Games')).closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleteMany).toHaveBeenCalled());
    expect(deleteMany.mock.calls[0]).toEqual([
      'categories',
      expect.objectContaining({ ids: ['games'] }),
    ]);
    expect(await screen.findByText(message)).toBeTruthy();
  });
});
