import { createI18nProvider } from '@market/console-kit';
import { categoriesDataProvider } from '@market/console-kit/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { Admin, memoryStore, Resource, TestMemoryRouter } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import categories from './index.ts';

function renderAdminAt(path: string, locale: 'en' | 'it' = 'en') {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={categoriesDataProvider()}
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

describe('categories resource', () => {
  it('shows one category titled by its name, with its name in every locale', async () => {
    renderAdminAt('/categories/cards/show');
    expect(await screen.findByText('Category Gift cards')).toBeTruthy();
    expect(screen.getByText('Name (English)')).toBeTruthy();
    expect(screen.getByText('Name (Italian)')).toBeTruthy();
    expect(screen.getByText('Carte regalo')).toBeTruthy();
    expect(screen.getByText('cards')).toBeTruthy();
  });

  it('titles the category in Italian when the locale is Italian', async () => {
    renderAdminAt('/categories/cards/show', 'it');
    expect(await screen.findByText('Categoria Carte regalo')).toBeTruthy();
    expect(screen.getByText('Nome (inglese)')).toBeTruthy();
  });
});
