import { renderInConsole } from '@market/console-kit/testing';
import type { SellerShop } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ShopProfile } from './ShopProfile.tsx';

const APPROVED = {
  registrationName: 'Pixel Keys S.r.l.',
  vatNumber: 'IT01234567890',
  address: null,
};
const SHOP: SellerShop = {
  id: 'me',
  sellerId: 'pixel-keys-1a2b3c',
  name: 'Pixel Keys',
  description: '',
  image: null,
  supportEmail: null,
  ...APPROVED,
  approved: APPROVED,
  pendingLegalChange: null,
  lastLegalDecision: null,
};

afterEach(cleanup);

function renderShop(shop: SellerShop, update = vi.fn(async () => ({ data: shop as never }))) {
  const getOne = vi.fn(async () => ({ data: shop as never }));
  renderInConsole(<ShopProfile />, {
    messages: { en, it: italian },
    dataProvider: testDataProvider({ getOne, update }),
  });
  return { getOne, update };
}

describe('the seller’s shop profile', () => {
  it('loads the caller’s own shop and saves the whole profile', async () => {
    const { getOne, update } = renderShop(SHOP);
    const name = await screen.findByLabelText('Shop name');
    expect(getOne).toHaveBeenCalledWith('shop', expect.objectContaining({ id: 'me' }));
    fireEvent.change(name, { target: { value: 'Pixel Vault' } });
    fireEvent.change(screen.getByLabelText('Support email'), {
      target: { value: 'help@pixel.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'shop',
        expect.objectContaining({
          id: 'me',
          data: expect.objectContaining({
            name: 'Pixel Vault',
            supportEmail: 'help@pixel.example',
            vatNumber: 'IT01234567890',
          }),
        }),
      ),
    );
  });

  it('says a legal change waits for approval and what buyers still see', async () => {
    renderShop({
      ...SHOP,
      vatNumber: 'IT09876543210',
      pendingLegalChange: {
        id: '0123456789abcdef01234567',
        ...APPROVED,
        vatNumber: 'IT09876543210',
        requestedAt: '2026-03-05T10:00:00.000Z',
      },
    });
    const notice = await screen.findByTestId('legal-pending');
    expect(notice.textContent).toContain('waiting for approval');
    expect(notice.textContent).toContain('Pixel Keys S.r.l. · IT01234567890');
  });

  it('tells why the last change was refused', async () => {
    renderShop({
      ...SHOP,
      lastLegalDecision: {
        decision: 'rejected',
        reason: 'Wrong VAT number',
        at: '2026-03-06T10:00:00.000Z',
      },
    });
    expect((await screen.findByTestId('legal-rejected')).textContent).toContain('Wrong VAT number');
  });
});
