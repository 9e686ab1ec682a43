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

function renderCreate(create: Create) {
  renderInConsole(
    <ResourceContextProvider value="offers">
      <OfferCreate />
      <Notification />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, dataProvider: testDataProvider({ create: create as never }) },
  );
}

function fillIn() {
  fireEvent.change(screen.getByLabelText('Product ID *'), {
    target: { value: '0123456789abcdef01234567' },
  });
  const eur = screen.getByLabelText('Price (EUR) *');
  fireEvent.focus(eur);
  fireEvent.change(eur, { target: { value: '9.99' } });
  fireEvent.blur(eur);
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('OfferCreate', () => {
  it('sends the product id, EUR price in cents and zero VAT', async () => {
    const create = vi.fn<Create>(async () => ({ data: { id: 'offer-9' } }));
    renderCreate(create);
    fillIn();
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({
      productId: '0123456789abcdef01234567',
      prices: { eur: 999 },
      zeroVat: false,
      status: 'active',
    });
  });

  it('explains a 409: the seller already sells the product', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderCreate(
      vi.fn<Create>(() => Promise.reject(Object.assign(new Error('x'), { status: 409 }))),
    );
    fillIn();
    expect(await screen.findByText(/You already sell this product/)).toBeTruthy();
  });
});
