import { createDataProvider } from '@market/console-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withSellerMethods } from './seller-data-provider.ts';

const provider = () =>
  withSellerMethods(createDataProvider('/api/seller', { getIdToken: async () => 't' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('seller data provider', () => {
  it('getStatement downloads the CSV of the period, signed in', async () => {
    const csv = 'date,type\n2026-03-01T10:00:00.000Z,sale\n';
    const fetchSpy = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response(csv, { headers: { 'content-type': 'text/csv' } }));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(provider().getStatement('2026-03-01', '2026-03-31')).resolves.toBe(csv);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/api/seller/payouts/statement?from=2026-03-01&to=2026-03-31');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer t');
  });

  it('getBalance reads pending, available and paid per currency', async () => {
    const balance = {
      eur: { pendingCents: 100, availableCents: -50, paidCents: 900 },
      usd: { pendingCents: 0, availableCents: 0, paidCents: 0 },
      gbp: { pendingCents: 0, availableCents: 0, paidCents: 0 },
    };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValueOnce(Response.json(balance)));
    await expect(provider().getBalance()).resolves.toEqual(balance);
  });
});
