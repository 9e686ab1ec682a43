import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http-client.ts';

function stubFetch(response: Response) {
  const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

function sentHeaders(fetchSpy: ReturnType<typeof stubFetch>): Headers {
  return new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createHttpClient', () => {
  it("sends the signed-in user's ID token as a bearer token", async () => {
    const fetchSpy = stubFetch(Response.json([{ id: 'games' }]));
    const httpClient = createHttpClient({ getIdToken: async () => 'id-token-1' });

    const { json } = await httpClient('/api/admin/categories', {
      headers: new Headers({ Range: 'categories=0-24' }),
    });

    expect(json).toEqual([{ id: 'games' }]);
    const headers = sentHeaders(fetchSpy);
    expect(headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(headers.get('Range')).toBe('categories=0-24');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    const fetchSpy = stubFetch(Response.json([]));
    await createHttpClient({ getIdToken: async () => null })('/api/admin/categories');
    expect(sentHeaders(fetchSpy).has('Authorization')).toBe(false);
  });

  it("rejects with the status and the API error's message", async () => {
    stubFetch(Response.json({ code: 'FORBIDDEN', message: 'Not for sellers' }, { status: 403 }));
    const request = createHttpClient({ getIdToken: async () => 't' })('/api/admin/categories');
    await expect(request).rejects.toMatchObject({ status: 403, message: 'Not for sellers' });
  });
});
