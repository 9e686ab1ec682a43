import { renderInConsole } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { SellerLoginPage } from './SellerLoginPage.tsx';

const signedOut = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: () => Promise.reject(new Error('signed out')),
  checkError: async () => undefined,
};

afterEach(cleanup);

describe('SellerLoginPage', () => {
  it('links newcomers to the application form', async () => {
    renderInConsole(<SellerLoginPage />, {
      messages: { en, it: italian },
      authProvider: signedOut,
    });
    const link = await screen.findByRole('link', { name: 'Apply to sell' });
    expect(link.getAttribute('href')).toMatch(/\/register$/);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('says "Diventa venditore" in Italian', async () => {
    renderInConsole(<SellerLoginPage />, {
      messages: { en, it: italian },
      locale: 'it',
      authProvider: signedOut,
    });
    expect(await screen.findByRole('link', { name: 'Diventa venditore' })).toBeTruthy();
  });
});
