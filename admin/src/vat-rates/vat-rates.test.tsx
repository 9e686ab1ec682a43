import { renderInConsole } from '@market/console-kit/testing';
import type { VatRate } from '@market/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ResourceContextProvider, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../i18n/en.ts';
import { it as italian } from '../i18n/it.ts';
import { lastQuarter } from './OssReportDownload.tsx';
import { VatRateList } from './VatRateList.tsx';

const ROWS: VatRate[] = [
  {
    id: 'a1',
    country: 'FI',
    rateBps: 2550,
    from: '2024-09-01',
    note: 'European Commission',
    seeded: true,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  {
    id: 'a2',
    country: 'DE',
    rateBps: 2100,
    from: '2099-01-01',
    note: null,
    seeded: false,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VAT rates', () => {
  it('lists each rate as a percentage with its day, and downloads the last quarter’s OSS report', async () => {
    const getText = vi.fn(async () => 'country,vat_rate_percent\r\n');
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:oss'),
        revokeObjectURL: () => undefined,
      }),
    );
    renderInConsole(
      <ResourceContextProvider value="vat-rates">
        <VatRateList />
      </ResourceContextProvider>,
      {
        messages: { en, it: italian },
        dataProvider: {
          ...testDataProvider({
            getList: async () => ({ data: ROWS as never[], total: ROWS.length }),
          }),
          getText,
        },
      },
    );
    expect(await screen.findByText('25.5 %')).toBeTruthy();
    expect(screen.getByText('2099-01-01')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'OSS report (CSV)' }));
    const { year, quarter } = lastQuarter(new Date());
    await waitFor(() =>
      expect(getText).toHaveBeenCalledWith(`/vat/oss-report?year=${year}&quarter=${quarter}`),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
  }, 15_000);

  it('takes the quarter before today’s as the one to report', () => {
    expect(lastQuarter(new Date('2026-11-27T12:00:00Z'))).toEqual({ year: 2026, quarter: 3 });
    expect(lastQuarter(new Date('2027-02-01T00:00:00Z'))).toEqual({ year: 2026, quarter: 4 });
  });
});
