import { renderInConsole } from '@market/console-kit/testing';
import type { AdminProduct } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ResourceContextProvider,
  testDataProvider,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ProductEdit } from './ProductEdit.tsx';

const GAME: AdminProduct = {
  id: '0123456789abcdef01234567',
  slug: 'zephyr-quest',
  name: { en: 'Zephyr Quest', it: '' },
  description: { en: 'A sky adventure', it: '' },
  categoryId: 'games',
  brand: 'Northwind Games',
  platform: 'steam',
  region: 'Global',
  type: 'key',
  denomination: null,
  images: [],
  tags: ['adventure'],
  prices: { eur: null, usd: null, gbp: null },
  offerCount: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};

const PLATFORMS = [
  { id: 'steam', name: 'Steam', position: 12 },
  { id: 'marketplace', name: '{host}', position: 0 },
];

const uploadProductImage = vi.fn(async (_params: { id: string; data: string }) => ({}));

function renderEdit(product: AdminProduct) {
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({
    data: { ...product, ...params.data } as RaRecord,
  }));
  renderInConsole(
    <ResourceContextProvider value="products">
      <ProductEdit id={product.id} />
    </ResourceContextProvider>,
    {
      messages: { en, it: italian },
      dataProvider: testDataProvider({
        getOne: async () => ({ data: product as never }),
        getList: async () => ({ data: PLATFORMS as never[], total: PLATFORMS.length }),
        getMany: async () => ({ data: PLATFORMS as never[] }),
        update: update as never,
        uploadProductImage,
      } as never),
    },
  );
  return update;
}

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

// Form tests drive MUI selects, which are slow on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  uploadProductImage.mockClear();
});

describe('ProductForm', () => {
  it('submits the names and descriptions of both languages', async () => {
    const update = renderEdit(GAME);
    const nameEn = await screen.findByLabelText('Name (English) *');
    await waitFor(() => expect((nameEn as HTMLInputElement).value).toBe('Zephyr Quest'));
    fireEvent.change(nameEn, { target: { value: 'Zephyr Quest Deluxe' } });
    openTab('Italiano');
    fireEvent.change(screen.getByLabelText('Name (Italian)'), {
      target: { value: 'Ricerca di Zefiro' },
    });
    fireEvent.change(screen.getByLabelText('Description (Italian)'), {
      target: { value: 'Un’avventura nel cielo' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toEqual({
      name: { en: 'Zephyr Quest Deluxe', it: 'Ricerca di Zefiro' },
      description: { en: 'A sky adventure', it: 'Un’avventura nel cielo' },
      slug: 'zephyr-quest',
      categoryId: 'games',
      brand: 'Northwind Games',
      platform: 'steam',
      region: 'Global',
      type: 'key',
      denomination: null,
      images: [],
      tags: ['adventure'],
    });
  });

  it('shows the face value only for gift cards, and asks for it when the type becomes one', async () => {
    const update = renderEdit(GAME);
    await screen.findByDisplayValue('Zephyr Quest');
    openTab('Classification');
    expect(screen.queryByLabelText(/Face value/)).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Type/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Gift card'));
    const amount = await screen.findByLabelText('Face value *');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(update).not.toHaveBeenCalled();

    // A NumberInput commits what was typed on blur.
    fireEvent.focus(amount);
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.blur(amount);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Face value currency/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('GBP'));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toMatchObject({
      type: 'giftcard',
      denomination: { amount: 2500, currency: 'gbp' },
    });
  });

  it('drops the denomination when a gift card becomes another type', async () => {
    const update = renderEdit({
      ...GAME,
      categoryId: 'cards',
      type: 'giftcard',
      denomination: { amount: 5000, currency: 'eur' },
    });
    await screen.findByDisplayValue('Zephyr Quest');
    openTab('Classification');
    expect(((await screen.findByLabelText('Face value *')) as HTMLInputElement).value).toBe('50');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Type/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Game key'));
    await waitFor(() => expect(screen.queryByLabelText(/Face value/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toMatchObject({ type: 'key', denomination: null });
  });

  it('uploads a picture from the media tab as base64 for the product', async () => {
    renderEdit(GAME);
    await screen.findByDisplayValue('Zephyr Quest');
    openTab('Media and tags');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'box.png', {
      type: 'image/png',
    });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(uploadProductImage).toHaveBeenCalled());
    expect(uploadProductImage.mock.calls[0]![0]).toEqual({ id: GAME.id, data: 'iVBORw==' });
  });

  it('keeps an uploaded picture’s sizes when the product is saved', async () => {
    const image = {
      url: '/api/images/0123456789abcdef0123456789abcdef/640.webp',
      shape: 'rounding' as const,
      size: 'large' as const,
      asset: {
        id: '0123456789abcdef0123456789abcdef',
        width: 1600,
        height: 1200,
        widths: [160, 320, 640, 1280],
      },
    };
    const update = renderEdit({ ...GAME, images: [image] });
    fireEvent.change(await screen.findByDisplayValue('Zephyr Quest'), {
      target: { value: 'Zephyr Quest II' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toMatchObject({ images: [image] });
  });
});
