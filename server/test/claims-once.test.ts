import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminClaimSchema, ApiErrorSchema, ClaimSchema, type Claim } from '@market/shared';
import type { ClaimDoc } from '../src/modules/claims/claims.repository.ts';
import type { LedgerEntryDoc } from '../src/modules/ledger/ledger.repository.ts';
import { buyerWith, paidWithPaypal, settledOrder } from './checkout-fixtures.ts';
import { freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

/**
 * A key is claimed once: a rejection is final for the buyer (filing again answers 409), only an
 * admin reopens the claim, and two filings at once make one claim.
 */
let t: TestServer;
let seller: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  // Each buyer pays from an address of their own (velocity screening would hold the orders).
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, admin] = await Promise.all([t.account('seller'), t.account('admin')]);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const messageOf = async (res: Response) => ApiErrorSchema.parse(await res.json()).message;

/** A buyer's delivered order of one key, revealed (so it may be reported). */
async function revealedKey() {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId, { eur: 1500, usd: 1500, gbp: 1500 });
  await uploadKeys(t, seller, offer.id, freshCodes(2));
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  const order = await settledOrder(t, buyer, await paidWithPaypal(t, buyer));
  const keyId = order.items[0]!.keys[0]!.id;
  const shown = await t.call('POST', `/api/user/orders/${order.id}/keys/${keyId}/reveal`, {
    token: buyer.token,
    body: { waiveWithdrawal: true },
  });
  expect(shown.status).toBe(200);
  return { buyer, orderId: order.id, keyId };
}

type Sale = Awaited<ReturnType<typeof revealedKey>>;
const file = ({ buyer, orderId, keyId }: Sale, reason = 'not_working') =>
  t.call('POST', `/api/user/orders/${orderId}/keys/${keyId}/claim`, {
    token: buyer.token,
    body: { reason },
  });
const asAdmin = (path: string, body: unknown) =>
  t.call('POST', `/api/admin/claims/${path}`, { token: admin.token, body });

/** A claim filed, escalated by the buyer and rejected by an admin. */
async function rejected(sale: Sale): Promise<Claim> {
  const filed = await file(sale);
  expect(filed.status).toBe(201);
  const claim = ClaimSchema.parse(await filed.json());
  const escalated = await t.call('POST', `/api/user/claims/${claim.id}/escalate`, {
    token: sale.buyer.token,
    body: { note: 'No answer' },
  });
  expect(escalated.status).toBe(200);
  const decided = await asAdmin(`${claim.id}/decide`, { decision: 'reject', note: 'Redeemed' });
  expect(AdminClaimSchema.parse(await decided.json()).status).toBe('rejected');
  return claim;
}

const claimsOfKey = (keyId: string) =>
  t.db
    .collection<ClaimDoc>('claims')
    .find({ keyId: new ObjectId(keyId) })
    .toArray();

describe('a rejected claim', () => {
  it('cannot be filed again by the buyer; an admin reopens it and decides it again', async () => {
    const sale = await revealedKey();
    const claim = await rejected(sale);

    const again = await file(sale, 'wrong_region');
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/rejected; only an admin can reopen it/);
    expect(await claimsOfKey(sale.keyId)).toHaveLength(1);
    // Nothing the System runs later refunds it either (the 48-hour deadline attack).
    await t.container.claims.service.runDue(new Date(Date.now() + 49 * HOUR));
    const ledger = t.db.collection<LedgerEntryDoc>('sellerLedger');
    const refunds = () => ledger.find({ orderId: new ObjectId(sale.orderId), type: 'refund' });
    expect(await refunds().toArray()).toEqual([]);

    // Only a rejected claim can be reopened, and only by an admin.
    const byBuyer = await t.call('POST', `/api/admin/claims/${claim.id}/reopen`, {
      token: sale.buyer.token,
      body: {},
    });
    expect(byBuyer.status).toBe(403);
    const reopened = await asAdmin(`${claim.id}/reopen`, { note: 'The seller admitted it' });
    expect(reopened.status).toBe(200);
    const back = AdminClaimSchema.parse(await reopened.json());
    expect(back.status).toBe('escalated');
    expect(back.history.at(-1)).toMatchObject({
      from: 'rejected',
      to: 'escalated',
      actor: 'admin',
      actorUid: admin.uid,
      note: 'The seller admitted it',
    });
    expect((await asAdmin(`${claim.id}/reopen`, {})).status).toBe(409);
    const audit = await t.db
      .collection('auditLog')
      .findOne({ action: 'claim.reopen', 'target.id': claim.id });
    expect(audit).toMatchObject({
      actor: { uid: admin.uid },
      reason: 'The seller admitted it',
    });

    // Reopened, it proceeds: the admin upholds it this time.
    const upheld = await asAdmin(`${claim.id}/decide`, { decision: 'refund', note: 'Used key' });
    expect(AdminClaimSchema.parse(await upheld.json()).status).toBe('refunded');
    expect((await refunds().toArray()).map((e) => e.amountCents)).toEqual([-1395]);
    // Still one claim for the key (refunded, it is no longer the buyer's to report).
    expect((await file(sale)).status).toBe(404);
    expect(await claimsOfKey(sale.keyId)).toHaveLength(1);
  });

  it('filed before the rule (no key held), holds its key again after the migration', async () => {
    const sale = await revealedKey();
    const claim = await rejected(sale);
    // As the claims ended before: the key released on the rejection.
    await t.db
      .collection<ClaimDoc>('claims')
      .updateOne({ _id: new ObjectId(claim.id) }, { $unset: { openKey: '' } });

    const migration = t.container.migrations.find((m) => m.id === '2026-11-claims-one-per-key')!;
    expect(await migration.run()).toBe(true);
    expect(await migration.run()).toBe(true); // again: changes nothing

    const again = await file(sale);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/rejected/);
  });
});

describe('two filings of one key at once', () => {
  it('make one claim; the other answers 409', async () => {
    const sale = await revealedKey();
    const answers = await Promise.all([file(sale), file(sale, 'already_used')]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await claimsOfKey(sale.keyId)).toHaveLength(1);
  });
});
