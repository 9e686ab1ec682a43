import { renderInConsole } from '@market/console-kit/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  Notification,
  ResourceContextProvider,
  testDataProvider,
  type CreateParams,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { OfferCreate } from './OfferCreate.tsx';

type Create = (resource: string, params: CreateParams) => Promise<unknown>;

const CATALOGUE = [
  { id: '0123456789abcdef01234567', name: 'Space Miner', region: 'ROW' },
  { id: '89abcdef0123456789abcdef', name: 'Sea Captain', region: 'Global' },
];

/** The catalogue as the API answers it: `q` matches names, getMany answers by id. */
const catalogueProvider = (create: Create) =>
  testDataProvider({
    create: create as never,
    getList: async (_resource, { filter }) => {
      const q = String((filter as { q?: string }).q ?? '').toLowerCase();
      const data = CATALOGUE.filter((p) => p.name.toLowerCase().includes(q));
      return { data: data as never[], total: data.length };
    },
    getMany: async (_resource, { ids }) => ({
      data: CATALOGUE.filter((p) => ids.includes(p.id)) as never[],
    }),
  });

function renderCreate(create: Create) {
  renderInConsole(
    <ResourceContextProvider value="offers">
      <OfferCreate />
      <Notification />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, dataProvider: catalogueProvider(create) },
  );
}

async function pickProduct() {
  const input = await screen.findByRole('combobox', { name: /Product/ });
  fireEvent.change(input, { target: { value: 'space' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Space Miner' }));
}

function fillPriceAndSave() {
  const eur = screen.getByLabelText('Price (EUR) *');
  fireEvent.focus(eur);
  fireEvent.change(eur, { target: { value: '9.99' } });
  fireEvent.blur(eur);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

// The autocomplete debounces its search; a loaded machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

// The product search's debounce (ra-core's useReferenceParams, 500 ms) outlives a test that
// typed into it: its timer is let fire while the page exists, not after the run has torn it down.
const SEARCH_DEBOUNCE_MS = 500;

afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 100));
  cleanup();
  vi.restoreAllMocks();
  window.location.hash = '';
});

describe('OfferCreate', () => {
  it('sends the product picked by name, EUR price in cents and zero VAT', async () => {
    const create = vi.fn<Create>(async () => ({ data: { id: 'offer-9' } }));
    renderCreate(create);
    await pickProduct();
    fillPriceAndSave();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({
      productId: '0123456789abcdef01234567',
      prices: { eur: 999 },
      source: { kind: 'upload' },
      zeroVat: false,
      region: 'ROW',
      status: 'active',
    });
  });

  it('starts the region at the product’s and sends the one the seller picks instead', async () => {
    const create = vi.fn<Create>(async () => ({ data: { id: 'offer-11' } }));
    renderCreate(create);
    await pickProduct();
    const region = await screen.findByRole('combobox', { name: 'Activates in' });
    await waitFor(() => expect(region.textContent).toBe('ROW: the rest of the world (not Europe)'));
    fireEvent.mouseDown(region);
    fireEvent.click(
      await screen.findByRole('option', { name: 'EU: the EU, the EEA and Switzerland' }),
    );
    fillPriceAndSave();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({ region: 'EU' });
  });

  it('explains a 409: the seller already sells the product', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCreate(
      vi.fn<Create>(() => Promise.reject(Object.assign(new Error('x'), { status: 409 }))),
    );
    await pickProduct();
    fillPriceAndSave();
    expect(await screen.findByText(/You already sell this product/)).toBeTruthy();
  });

  it('starts with the product of ?productId= chosen, as the catalogue Sell button links', async () => {
    // The console's router reads the location hash when no other router wraps it.
    window.location.hash = '#/offers/create?productId=89abcdef0123456789abcdef';
    const create = vi.fn<Create>(async () => ({ data: { id: 'offer-10' } }));
    renderCreate(create);
    await waitFor(async () =>
      expect(
        ((await screen.findByRole('combobox', { name: /Product/ })) as HTMLInputElement).value,
      ).toBe('Sea Captain'),
    );
    fillPriceAndSave();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({ productId: '89abcdef0123456789abcdef' });
  });
});
