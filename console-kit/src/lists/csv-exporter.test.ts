import { describe, expect, it, vi } from 'vitest';
import type * as ReactAdmin from 'react-admin';
import { defaultExporter, testDataProvider } from 'react-admin';
import { KEY_CSV_COLUMNS } from '../keys/key-csv.ts';
import { csvAmount, csvExporter, csvRows, moneyColumn, pricesColumn } from './csv-exporter.ts';

const order = {
  id: 'o1',
  number: 'M-1001',
  currency: 'eur',
  totals: { total: 1999, discount: 0 },
  buyer: { email: 'ann@example.com', name: { first: 'Ann' } },
  productName: { en: 'Space Game', it: 'Gioco spaziale' },
  tags: ['rpg', 'indie'],
  note: null,
};

// react-admin's own exporter (jsonexport → a download link) is replaced by a spy: the test
// checks what it is handed (jsdom cannot follow a download).
vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactAdmin>()),
  defaultExporter: vi.fn(),
}));

/** The rows and file name a list's exporter hands to react-admin's CSV writer. */
async function exported(
  run: () => void | Promise<void>,
): Promise<{ rows: unknown; resource: unknown }> {
  const writer = vi.mocked(defaultExporter);
  writer.mockClear();
  await run();
  const [rows, , , resource] = writer.mock.calls[0] ?? [];
  return { rows, resource };
}

describe('CSV export of a list', () => {
  it('writes cents as decimal amounts with the currency', () => {
    expect(csvAmount(1999, 'eur')).toBe('19.99 EUR');
    expect(csvAmount(500, 'gbp')).toBe('5.00 GBP');
    expect(csvAmount(undefined, 'eur')).toBe('');
  });

  it('flattens nested values, English texts, lists and money into the chosen columns only', () => {
    const rows = csvRows(
      [order],
      [
        'number',
        moneyColumn('totals.total', undefined, 'total'),
        'buyer',
        'productName',
        'tags',
        'note',
        pricesColumn('prices'),
      ],
    );
    expect(rows).toEqual([
      {
        number: 'M-1001',
        total: '19.99 EUR',
        'buyer.email': 'ann@example.com',
        'buyer.name.first': 'Ann',
        productName: 'Space Game',
        tags: 'rpg; indie',
        note: '',
        prices: '',
      },
    ]);
    expect(csvRows([{ id: 'c1', cost: { cents: 1250, currency: 'usd' } }], ['cost'])).toEqual([
      { cost: '12.50 USD' },
    ]);
    expect(csvRows([{ id: 'f1', prices: { eur: 1000, usd: 1150 } }], [pricesColumn()])).toEqual([
      { 'prices.eur': '10.00 EUR', 'prices.usd': '11.50 USD' },
    ]);
  });

  it('hands react-admin one flat row per record, to be written as <resource>.csv', async () => {
    const exporter = csvExporter('orders', [
      'number',
      moneyColumn('totals.total', undefined, 'total'),
    ]);
    const { rows, resource } = await exported(() =>
      exporter([order], async () => ({}), testDataProvider(), 'orders'),
    );
    expect(resource).toBe('orders');
    expect(rows).toEqual([{ number: 'M-1001', total: '19.99 EUR' }]);
  });

  it('never exports a key code, image or secret even when the record carries one', async () => {
    const leaky = {
      id: 'k1',
      offerId: 'f1',
      productId: 'p1',
      productName: 'Space Game',
      sellerId: 's1',
      status: 'available' as const,
      createdAt: '2026-01-01T00:00:00.000Z',
      masked: '•••• •••• •••• B12',
      code: 'AAAA-BBBB-CCCC-B12',
      secret: 'top-secret',
      image: { base64: 'aW1hZ2U=', mimeType: 'image/png', filename: 'card.png' },
    };
    const { rows } = await exported(() =>
      csvExporter('keys', KEY_CSV_COLUMNS)([leaky], async () => ({}), testDataProvider()),
    );
    const text = JSON.stringify(rows);
    expect(text).toContain('•••• •••• •••• B12');
    expect(text).not.toMatch(/AAAA-BBBB|top-secret|aW1hZ2U=|card\.png/);
    const headers = Object.keys((rows as Record<string, unknown>[])[0] ?? {});
    expect(headers.filter((header) => /code|secret|image/i.test(header))).toEqual([]);
  });
});
