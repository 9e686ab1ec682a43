import { renderInConsole, signedInAuthProvider } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { ADMIN_SECTIONS, Dashboard } from './Dashboard.tsx';

function renderDashboard(locale: 'en' | 'it') {
  return renderInConsole(<Dashboard />, {
    messages: { en, it: italian },
    locale,
    authProvider: signedInAuthProvider('boss@example.com'),
  });
}

afterEach(cleanup);

describe('Dashboard', () => {
  it('greets the signed-in admin by email and lists what the console holds', async () => {
    renderDashboard('en');
    expect(await screen.findByText('Welcome, boss@example.com')).toBeTruthy();
    for (const section of ADMIN_SECTIONS) {
      expect(screen.getByText(en.app.dashboard.sections[section])).toBeTruthy();
    }
  });

  it('speaks Italian when the locale is Italian', async () => {
    renderDashboard('it');
    expect(await screen.findByText('Ciao, boss@example.com')).toBeTruthy();
    expect(screen.getByText(italian.app.dashboard.sections.categories)).toBeTruthy();
  });
});
