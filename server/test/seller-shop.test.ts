import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema, SellerSchema, SellerShopSchema, type SellerShop } from '@market/shared';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

let t: TestServer;
let seller: TestAccount;
let otherSeller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  [seller, otherSeller, admin] = await Promise.all([
    t.account('seller'),
    t.account('seller'),
    t.account('admin'),
  ]);
});
afterAll(() => t.close());

const shopOf = async (who: TestAccount) =>
  SellerShopSchema.parse(
    (await raClient(t.url, 'seller', who.token).getOne('shop', { id: 'me' })).data,
  );

const save = async (who: TestAccount, changes: Partial<SellerShop>) => {
  const current = await shopOf(who);
  const { data } = await raClient(t.url, 'seller', who.token).update('shop', {
    id: 'me',
    data: { ...current, ...changes },
    previousData: current,
  });
  return SellerShopSchema.parse(data);
};

const adminSeller = async (id: string) =>
  SellerSchema.parse((await raClient(t.url, 'admin', admin.token).getOne('sellers', { id })).data);

const decide = (sellerId: string, decision: string, body: unknown) =>
  t.call('POST', `/api/admin/sellers/${sellerId}/legal-change/${decision}`, {
    token: admin.token,
    body,
  });

const mailsTo = async (email: string) =>
  t.db
    .collection<{ to: string; subject: string; text: string }>('outbox')
    .find({ to: email })
    .toArray();

describe('the seller’s shop profile', () => {
  it('applies shop fields at once and scopes the profile to the caller', async () => {
    const saved = await save(seller, {
      name: 'Pixel Vault',
      description: 'Keys for retro games',
      supportEmail: 'help@pixel.example',
      image: 'https://cdn.example/logo.png',
    });
    expect(saved).toMatchObject({
      id: 'me',
      sellerId: seller.sellerId,
      name: 'Pixel Vault',
      description: 'Keys for retro games',
      supportEmail: 'help@pixel.example',
      pendingLegalChange: null,
    });
    expect((await adminSeller(seller.sellerId!)).name).toBe('Pixel Vault');

    // Another shop's profile answers like a missing one; its own id works like `me`.
    const other = await t.call('GET', `/api/seller/shop/${otherSeller.sellerId}`, {
      token: seller.token,
    });
    expect(other.status).toBe(404);
    const own = await t.call('GET', `/api/seller/shop/${seller.sellerId}`, { token: seller.token });
    expect(SellerShopSchema.parse(await own.json()).name).toBe('Pixel Vault');
  });

  it('answers 400 with field errors for a bad VAT number or support email', async () => {
    const res = await t.call('PUT', '/api/seller/shop/me', {
      token: seller.token,
      body: { ...(await shopOf(seller)), vatNumber: 'nope', supportEmail: 'not-mail' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['vatNumber', 'supportEmail']));
  });
});

describe('a change of legal (trader) details', () => {
  it('waits for an admin, who approves it: then it applies, audited and mailed', async () => {
    const before = await shopOf(seller);
    const saved = await save(seller, {
      registrationName: 'Pixel Vault S.r.l.',
      vatNumber: 'IT09876543210',
      address: 'Via Roma 1, 00100 Roma, Italy',
      description: 'Changed at once',
    });
    // The shop field applied; the legal ones did not: they wait.
    expect(saved.description).toBe('Changed at once');
    expect(saved).toMatchObject({
      approved: {
        registrationName: before.registrationName,
        vatNumber: before.vatNumber,
        address: null,
      },
      pendingLegalChange: {
        registrationName: 'Pixel Vault S.r.l.',
        vatNumber: 'IT09876543210',
        address: 'Via Roma 1, 00100 Roma, Italy',
      },
    });
    const waiting = await raClient(t.url, 'admin', admin.token).getList('sellers', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { legalChangePending: true },
    });
    expect(waiting.data.map((s) => s.id)).toEqual([seller.sellerId]);
    const seen = await adminSeller(seller.sellerId!);
    expect(seen.registrationName).toBe(before.registrationName);
    expect(seen.pendingLegalChange?.id).toBe(saved.pendingLegalChange!.id);

    // Saving the profile back unchanged keeps the request (and its id) waiting.
    const again = await save(seller, { name: 'Pixel Vault' });
    expect(again.vatNumber).toBe('IT09876543210');
    expect(again.pendingLegalChange?.id).toBe(saved.pendingLegalChange!.id);

    const res = await decide(seller.sellerId!, 'approve', {
      changeId: saved.pendingLegalChange!.id,
      reason: 'Checked against the chamber of commerce',
    });
    expect(res.status).toBe(200);
    expect(SellerSchema.parse(await res.json())).toMatchObject({
      registrationName: 'Pixel Vault S.r.l.',
      vatNumber: 'IT09876543210',
      address: 'Via Roma 1, 00100 Roma, Italy',
      pendingLegalChange: null,
    });
    expect(await shopOf(seller)).toMatchObject({
      registrationName: 'Pixel Vault S.r.l.',
      approved: { registrationName: 'Pixel Vault S.r.l.' },
      pendingLegalChange: null,
      lastLegalDecision: {
        decision: 'approved',
        reason: 'Checked against the chamber of commerce',
      },
    });

    // Deciding it twice: it is not waiting any more.
    expect(
      (await decide(seller.sellerId!, 'reject', { changeId: saved.pendingLegalChange!.id })).status,
    ).toBe(409);

    const audit = await raClient(t.url, 'admin', admin.token).getList('audit-log', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'at', order: 'DESC' },
      filter: {},
    });
    const entry = audit.data
      .map((e) => AuditEntrySchema.parse(e))
      .find((e) => e.action === 'seller.legalChangeApprove' && e.target.id === seller.sellerId);
    expect(entry).toMatchObject({
      actor: { uid: admin.uid },
      details: { to: { vatNumber: 'IT09876543210' } },
    });
    const mails = await mailsTo(seller.email);
    expect(mails.some((m) => m.subject.includes('approved'))).toBe(true);
  });

  it('rejected, keeps the approved details and tells the seller why', async () => {
    const before = await shopOf(otherSeller);
    const saved = await save(otherSeller, { vatNumber: 'DE123456789' });
    const id = saved.pendingLegalChange!.id;
    expect(saved.approved.vatNumber).toBe(before.vatNumber);

    // A stale id (the admin looked at an older request) is refused.
    expect(
      (await decide(otherSeller.sellerId!, 'approve', { changeId: 'f'.repeat(24) })).status,
    ).toBe(409);
    const res = await decide(otherSeller.sellerId!, 'reject', {
      changeId: id,
      reason: 'The VAT number belongs to another company',
    });
    expect(res.status).toBe(200);
    expect(await shopOf(otherSeller)).toMatchObject({
      vatNumber: before.vatNumber,
      approved: { vatNumber: before.vatNumber },
      pendingLegalChange: null,
      lastLegalDecision: {
        decision: 'rejected',
        reason: 'The VAT number belongs to another company',
      },
    });
    const mails = await mailsTo(otherSeller.email);
    expect(
      mails.some(
        (m) => m.subject.includes('rejected') && m.text.includes('belongs to another company'),
      ),
    ).toBe(true);
  });

  it('is withdrawn when the seller sends the approved details back', async () => {
    const approved = await shopOf(otherSeller);
    const saved = await save(otherSeller, { registrationName: 'Another Name Ltd' });
    expect(saved.pendingLegalChange).not.toBeNull();
    const withdrawn = await save(otherSeller, { registrationName: approved.registrationName });
    expect(withdrawn.pendingLegalChange).toBeNull();
    expect(
      (
        await decide(otherSeller.sellerId!, 'approve', {
          changeId: saved.pendingLegalChange!.id,
        })
      ).status,
    ).toBe(409);
    expect((await shopOf(otherSeller)).registrationName).toBe(approved.registrationName);
  });
});
