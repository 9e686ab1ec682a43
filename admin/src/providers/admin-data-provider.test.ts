import { createDataProvider } from '@market/console-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withAdminMethods } from './admin-data-provider.ts';

function stubFetch(...responses: Response[]) {
  const fetchSpy = vi.fn<typeof fetch>();
  for (const response of responses) fetchSpy.mockResolvedValueOnce(response);
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

const provider = () =>
  withAdminMethods(createDataProvider('/api/admin', { getIdToken: async () => 't' }));

/** Each request as "METHOD url body". */
const requests = (fetchSpy: ReturnType<typeof stubFetch>) =>
  fetchSpy.mock.calls.map(([url, init]) =>
    [init?.method ?? 'GET', String(url), init?.body].filter(Boolean).join(' '),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin data provider', () => {
  it('editUser posts { userId, blocked } to /api/admin/users/edit', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 'u1', blocked: true }));
    await expect(provider().editUser({ userId: 'u1', blocked: true })).resolves.toMatchObject({
      blocked: true,
    });
    expect(requests(fetchSpy)).toEqual([
      'POST /api/admin/users/edit {"userId":"u1","blocked":true}',
    ]);
  });

  it('sendVerify posts { email, name } to /api/admin/users/send-verify (204)', async () => {
    const fetchSpy = stubFetch(new Response(null, { status: 204 }));
    await provider().sendVerify({ email: 'a@b.it', name: 'Ada' });
    expect(requests(fetchSpy)).toEqual([
      'POST /api/admin/users/send-verify {"email":"a@b.it","name":"Ada"}',
    ]);
  });

  it('decideSeller posts { reason } to /api/admin/sellers/:id/<decision>', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 's 1', status: 'suspended' }));
    await provider().decideSeller({ id: 's 1', decision: 'suspend', reason: 'Fraud' });
    expect(requests(fetchSpy)).toEqual([
      'POST /api/admin/sellers/s%201/suspend {"reason":"Fraud"}',
    ]);
  });

  it('decideOrder posts the admin reason to /api/admin/orders/:id/<action>', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 'o1' }), Response.json({ id: 'o1' }));
    await provider().decideOrder({
      id: 'o1',
      action: 'decline',
      reason: 'Declined by Admin as fraud, manual execution',
    });
    await provider().decideOrder({ id: 'o1', action: 'approve' });
    expect(requests(fetchSpy)).toEqual([
      'POST /api/admin/orders/o1/decline {"reason":"Declined by Admin as fraud, manual execution"}',
      'POST /api/admin/orders/o1/approve {}',
    ]);
  });

  it('refundOrder posts the reason, and the line only for a line refund', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 'o1' }), Response.json({ id: 'o1' }));
    await provider().refundOrder({ id: 'o1', reason: 'Buyer complaint' });
    await provider().refundOrder({ id: 'o1', itemId: 'i2', reason: 'Key did not work' });
    expect(requests(fetchSpy)).toEqual([
      'POST /api/admin/orders/o1/refund {"reason":"Buyer complaint"}',
      'POST /api/admin/orders/o1/refund {"itemId":"i2","reason":"Key did not work"}',
    ]);
  });

  it('runPayouts posts the method; markPayoutPaid posts the bank reference', async () => {
    const fetchSpy = stubFetch(
      Response.json({ created: 2, ids: ['p1', 'p2'] }),
      Response.json({ id: 'p 1', status: 'paid' }),
    );
    await expect(provider().runPayouts({ method: 'transfer' })).resolves.toEqual({
      created: 2,
      ids: ['p1', 'p2'],
    });
    await provider().markPayoutPaid({ id: 'p 1', reference: 'SEPA-42' });
    expect(requests(fetchSpy)).toEqual([
      'POST /api/admin/payouts/run {"method":"transfer"}',
      'POST /api/admin/payouts/p%201/mark-paid {"reference":"SEPA-42"}',
    ]);
  });

  it('refreshOrder posts to /api/admin/orders/:id/refresh', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 'o1' }));
    await provider().refreshOrder({ id: 'o1' });
    expect(requests(fetchSpy)).toEqual(['POST /api/admin/orders/o1/refresh {}']);
  });
});
