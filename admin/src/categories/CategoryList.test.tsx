import {
  categoriesDataProvider,
  renderInConsole,
  TEST_CATEGORIES,
} from '@market/console-kit/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { CategoryList } from './CategoryList.tsx';

function renderList(locale: 'en' | 'it', dataProvider = categoriesDataProvider()) {
  return renderInConsole(
    <ResourceContextProvider value="categories">
      <CategoryList />
    </ResourceContextProvider>,
    { messages: { en, it: italian }, locale, dataProvider },
  );
}

/** The text of each body row's cells after the selection checkbox, top to bottom. */
function rowTexts(): string[][] {
  const [, ...bodyRows] = screen.getAllByRole('row');
  return bodyRows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(1)
      .map((cell) => cell.textContent ?? ''),
  );
}

afterEach(cleanup);

describe('CategoryList', () => {
  it('lists categories by position with position, id and English name', async () => {
    renderList('en');
    await screen.findByText('Gift cards');
    expect(screen.getByRole('columnheader', { name: /Position/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ID' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(rowTexts()).toEqual([
      ['1', 'games', 'Games'],
      ['2', 'softwares', 'Software'],
      ['3', 'cards', 'Gift cards'],
      ['4', 'accounts', 'Game accounts'],
    ]);
  });

  it('shows names and headers in Italian when the locale is Italian', async () => {
    renderList('it');
    await screen.findByText('Carte regalo');
    expect(screen.getByText('Giochi')).toBeTruthy();
    expect(screen.getByText('Account di gioco')).toBeTruthy();
    expect(screen.queryByText('Gift cards')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toBeTruthy();
  });

  it('asks the API for categories sorted by position', async () => {
    const dataProvider = categoriesDataProvider();
    const getList = vi.spyOn(dataProvider, 'getList');
    renderList('en', dataProvider);
    await screen.findByText('Games');
    expect(getList).toHaveBeenCalledWith(
      'categories',
      expect.objectContaining({ sort: { field: 'position', order: 'ASC' } }),
    );
  });

  it('tolerates a category without an Italian name by showing the English one', async () => {
    const [games, ...others] = TEST_CATEGORIES;
    const untranslated = { ...games!, name: { en: 'Games', it: '' } };
    renderList('it', categoriesDataProvider([untranslated, ...others]));
    await screen.findByText('Carte regalo');
    expect(screen.getByText('Games')).toBeTruthy();
  });
});
