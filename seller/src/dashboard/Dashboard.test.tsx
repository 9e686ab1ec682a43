import { renderInConsole, signedInAuthProvider } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { Dashboard, SELLER_SECTIONS } from './Dashboard.tsx';

afterEach(cleanup);

describe('Dashboard', () => {
  it('greets the signed-in seller by email and lists what the console holds', async () => {
    renderInConsole(<Dashboard />, {
      messages: { en, it: italian },
      authProvider: signedInAuthProvider('shop@example.com'),
    });
    expect(await screen.findByText('Welcome, shop@example.com')).toBeTruthy();
    for (const section of SELLER_SECTIONS) {
      expect(screen.getByText(en.app.dashboard.sections[section])).toBeTruthy();
    }
  });
});
