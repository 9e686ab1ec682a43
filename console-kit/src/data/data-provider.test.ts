import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from './data-provider.ts';

function stubFetch(response: Response) {
  const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

const tokens = { getIdToken: async () => 'id-token-1' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createDataProvider', () => {
  it('postAction POSTs a JSON body under the API base with the bearer token', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 'u1', blocked: true }));
    const answer = await createDataProvider('/api/admin', tokens).postAction('/users/edit', {
      userId: 'u1',
      blocked: true,
    });

    expect(answer).toEqual({ id: 'u1', blocked: true });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/admin/users/edit');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 'u1', blocked: true });
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('postAction resolves to undefined on 204', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(
      createDataProvider('/api/admin', tokens).postAction('/users/send-verify', {}),
    ).resolves.toBeUndefined();
  });

  it('postAction rejects with the status and message of an API error', async () => {
    stubFetch(Response.json({ code: 'CONFLICT', message: 'Already decided' }, { status: 409 }));
    await expect(
      createDataProvider('/api/admin', tokens).postAction('/sellers/s1/reject', { reason: '' }),
    ).rejects.toMatchObject({ status: 409, message: 'Already decided' });
  });

  it('getJson GETs any API URL, outside the base too', async () => {
    const fetchSpy = stubFetch(Response.json({ uid: 'u1' }));
    await expect(createDataProvider('/api/seller', tokens).getJson('/api/me')).resolves.toEqual({
      uid: 'u1',
    });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/me');
  });
});
