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

describe('a sensitive action refused for want of a recent sign-in', () => {
  const refusal = () =>
    Response.json(
      { code: 'UNAUTHENTICATED', providerCode: 'auth/requires-recent-login', message: 'Sign in' },
      { status: 401 },
    );

  it('waits for the person to sign in again, then is sent again with the new token', async () => {
    const fetchSpy = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(refusal())
      .mockResolvedValueOnce(Response.json({ id: 'tok-1' }, { status: 201 }));
    vi.stubGlobal('fetch', fetchSpy);
    const tokens = ['before', 'after'];
    let asked = 0;
    const httpClient = createHttpClient(
      { getIdToken: async () => tokens.shift() ?? null },
      { request: async () => void asked++ },
    );

    const { json } = await httpClient('/api/seller/api-tokens', { method: 'POST', body: '{}' });

    expect(json).toEqual({ id: 'tok-1' });
    expect(asked).toBe(1);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchSpy.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer after',
    );
    expect(fetchSpy.mock.calls[1]?.[1]?.body).toBe('{}');
  });

  it('fails with the refusal when the person declines', async () => {
    stubFetch(refusal());
    const httpClient = createHttpClient(
      { getIdToken: async () => 't' },
      { request: () => Promise.reject(new Error('declined')) },
    );
    await expect(httpClient('/api/seller/api-tokens', { method: 'POST' })).rejects.toMatchObject({
      status: 401,
      body: { providerCode: 'auth/requires-recent-login' },
    });
  });

  it('is not retried on any other 401', async () => {
    const fetchSpy = stubFetch(Response.json({ code: 'UNAUTHENTICATED' }, { status: 401 }));
    let asked = 0;
    const httpClient = createHttpClient(
      { getIdToken: async () => 't' },
      { request: async () => void asked++ },
    );
    await expect(httpClient('/api/admin/users')).rejects.toMatchObject({ status: 401 });
    expect(asked).toBe(0);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
