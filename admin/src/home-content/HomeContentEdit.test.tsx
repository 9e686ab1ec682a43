import { createI18nProvider } from '@market/console-kit';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  TestMemoryRouter,
  testDataProvider,
  type DataProvider,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import homeContent from './index.ts';
import type { toHomeContentBody } from './home-content-form.ts';

const PRODUCTS = [
  { id: 'a'.repeat(24), name: { en: 'Starfall Tactics', it: 'Tattiche stellari' } },
  { id: 'b'.repeat(24), name: { en: 'Harbor Lights', it: 'Luci del porto' } },
];

const HOME = {
  id: 'home',
  featuredProductIds: [PRODUCTS[1]!.id, PRODUCTS[0]!.id],
  banners: [
    {
      title: { en: 'Summer sale', it: 'Saldi estivi' },
      subtitle: { en: 'Up to 70% off', it: 'Fino al 70%' },
      imageUrl: 'https://img.example/summer.jpg',
      linkUrl: '/category/games',
      active: true,
    },
  ],
  updatedAt: null,
};

function dataProvider(update = vi.fn()) {
  return testDataProvider({
    getOne: async () => ({ data: HOME }),
    getMany: async (_resource: string, { ids }: { ids: string[] }) => ({
      data: PRODUCTS.filter((p) => ids.includes(p.id)),
    }),
    getList: async () => ({ data: PRODUCTS, total: PRODUCTS.length }),
    update,
  } as unknown as DataProvider);
}

function renderEdit(provider: DataProvider, locale: 'en' | 'it' = 'en') {
  return render(
    <TestMemoryRouter initialEntries={['/home-content/home']}>
      <Admin
        dataProvider={provider}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore({ locale })}
        disableTelemetry
      >
        <Resource name="home-content" {...homeContent} />
        <Resource name="products" />
      </Admin>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe('home content form', () => {
  it('shows the featured products by name in their order, and the banner in both languages', async () => {
    renderEdit(dataProvider());
    await screen.findByText('Harbor Lights');
    const chips = screen.getAllByRole('button').filter((b) => b.classList.contains('MuiChip-root'));
    expect(chips.map((c) => c.textContent)).toEqual(['Harbor Lights', 'Starfall Tactics']);
    expect(screen.getByDisplayValue('Summer sale')).toBeTruthy();
    expect(screen.getByDisplayValue('Saldi estivi')).toBeTruthy();
    expect(screen.getByLabelText('Title (Italian)')).toBeTruthy();
  });

  it('names the products in Italian when the locale is Italian', async () => {
    renderEdit(dataProvider(), 'it');
    expect(await screen.findByText('Luci del porto')).toBeTruthy();
    expect(screen.getByLabelText('Titolo (italiano)')).toBeTruthy();
  });

  it('saves the ordered ids and the edited banner', async () => {
    const update = vi.fn(async (_resource: string, params: { data: unknown }) => ({
      data: { ...HOME, ...(params.data as object) },
    }));
    renderEdit(dataProvider(update));
    const title = await screen.findByDisplayValue('Saldi estivi');
    fireEvent.change(title, { target: { value: 'Saldi d’estate' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const body = update.mock.calls[0]![1].data as ReturnType<typeof toHomeContentBody>;
    expect(body.featuredProductIds).toEqual([PRODUCTS[1]!.id, PRODUCTS[0]!.id]);
    expect(body.banners[0]?.title).toEqual({ en: 'Summer sale', it: 'Saldi d’estate' });
    expect(Object.keys(body).sort()).toEqual(['banners', 'featuredProductIds']);
  });

  it('refuses a banner link that is neither a URL nor a path', async () => {
    const update = vi.fn();
    renderEdit(dataProvider(update));
    fireEvent.change(await screen.findByDisplayValue('/category/games'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Must be an http\(s\) URL or a path/)).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });
});
