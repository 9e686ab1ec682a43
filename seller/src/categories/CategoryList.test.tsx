import { categoriesDataProvider, renderInConsole } from '@market/console-kit/testing';
import { cleanup, screen } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { CategoryList } from './CategoryList.tsx';

function renderList(locale: 'en' | 'it') {
  return renderInConsole(
    <ResourceContextProvider value="categories">
      <CategoryList />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, locale, dataProvider: categoriesDataProvider() },
  );
}

afterEach(cleanup);

describe('CategoryList', () => {
  it('lists the catalogue categories in English by default', async () => {
    renderList('en');
    expect(await screen.findByText('Game accounts')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
  });

  it('shows names in Italian when the locale is Italian', async () => {
    renderList('it');
    expect(await screen.findByText('Account di gioco')).toBeTruthy();
    expect(screen.getByText('Giochi')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeTruthy();
  });

  it('is read-only: no create, edit, delete or row selection', async () => {
    renderList('en');
    await screen.findByText('Games');
    expect(screen.queryByRole('button', { name: /create|edit|delete/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /create|edit/i })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
