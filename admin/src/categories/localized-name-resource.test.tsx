import { createI18nProvider } from '@market/console-kit';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  Admin,
  memoryStore,
  Resource,
  testDataProvider,
  TestMemoryRouter,
  type DataProvider,
} from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import tags from '../tags/index.ts';

function renderTagsAt(path: string, dataProvider: DataProvider) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <Admin
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(en, italian)}
        store={memoryStore({ locale: 'en' })}
        disableTelemetry
      >
        <Resource name="tags" {...tags} />
      </Admin>
    </TestMemoryRouter>,
  );
}

afterEach(cleanup);

describe('a localized-name resource (tags)', () => {
  it('creates with both names only, labelled from the resource', async () => {
    const create = vi.fn(async (_resource: string, { data }: { data: object }) => ({
      data: { id: 'co-op', ...data },
    }));
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    renderTagsAt('/tags/create', testDataProvider({ create, getList } as Partial<DataProvider>));

    expect(
      await screen.findByText('The id is the slug of the English name, set once'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name (English)'), { target: { value: 'Co-op' } });
    fireEvent.change(screen.getByLabelText('Name (Italian)'), {
      target: { value: 'Cooperativo' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        'tags',
        expect.objectContaining({ data: { name: { en: 'Co-op', it: 'Cooperativo' } } }),
      ),
    );
  });
});
