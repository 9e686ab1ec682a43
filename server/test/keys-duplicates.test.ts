import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { DataProvider } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntrySchema, KeyUploadResultSchema, type AuditEntry } from '@market/shared';
import { runMigrations } from '../src/db/migrations.ts';
import { createLogger } from '../src/logger.ts';
import { createAuditRepository } from '../src/modules/audit/audit.repository.ts';
import { createAuditLog } from '../src/modules/audit/audit.service.ts';
import { createKeyRepository, type KeyDoc } from '../src/modules/keys/keys.repository.ts';
import { rehashKeys } from '../src/modules/keys/rehash-keys.ts';
import { supplierKeyDocs } from '../src/modules/keys/supplier-codes.ts';
import type { OfferDoc } from '../src/modules/offers/offers.repository.ts';
import { newProduct, sell } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';
import { raClient } from './ra-client.ts';

const MASTER = randomBytes(32);

/** How keys were hashed before separators were ignored: HMAC of the trimmed, upper-cased code. */
const legacyHash = (code: string) =>
  createHmac('sha256', Buffer.from(hkdfSync('sha256', MASTER, '', 'key-hash', 32)))
    .update(code.trim().toUpperCase())
    .digest('hex');

let t: TestServer;
let a: TestAccount;
let b: TestAccount;
let ra: DataProvider;
const log = createLogger('silent');

beforeAll(async () => {
  t = await startTestServer({ env: { KEY_ENCRYPTION_KEY: MASTER.toString('base64') } });
  let admin: TestAccount;
  [a, b, admin] = await Promise.all([t.account('seller'), t.account('seller'), t.account('admin')]);
  ra = raClient(t.url, 'admin', admin.token);
});
afterAll(() => t.close());

const keys = () => t.db.collection<KeyDoc>('keys');

async function upload(seller: TestAccount, offerId: string, codes: string[]) {
  const res = await t.call('POST', `/api/seller/offers/${offerId}/keys`, {
    token: seller.token,
    body: { codes },
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, result: KeyUploadResultSchema.parse(JSON.parse(text)) };
}

async function auditEntries(action: AuditEntry['action']) {
  const { data } = await ra.getList('audit-log', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'at', order: 'DESC' },
    filter: { action },
  });
  return AuditEntrySchema.array().parse(data);
}

describe('POST /api/seller/offers/:id/keys: one key whatever its separators', () => {
  it("counts a seller's own code written with other separators or case as a duplicate", async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    expect((await upload(a, offer.id, ['SEPAR-ATORS-K1'])).result.accepted).toBe(1);
    const { result } = await upload(a, offer.id, [
      'separ ators k1',
      'SEPARATORSK1',
      'Separ_Ators.K1',
      'SEPAR-ATORS-K2',
    ]);
    expect(result).toEqual({ accepted: 1, duplicates: 3, rejected: 0, stock: 2 });
    // The code is kept as the seller first wrote it.
    const stored = await keys()
      .find({ offerId: new ObjectId(offer.id) })
      .toArray();
    expect(stored.map((k) => t.vault.decrypt(k.secret)).sort()).toEqual([
      'SEPAR-ATORS-K1',
      'SEPAR-ATORS-K2',
    ]);
  });

  it("rejects another seller's code without saying so, and tells admins", async () => {
    const productId = await newProduct(t.db);
    const held = await sell(t, a, productId);
    await upload(a, held.id, ['HELD-ELSEWHERE-0001']);
    const offer = await sell(t, b, await newProduct(t.db));

    const codes = ['held elsewhere 0001', 'FRESH-ELSEWHERE-0002', 'not a key!'];
    const { text, result } = await upload(b, offer.id, codes);
    expect(result).toEqual({ accepted: 1, duplicates: 0, rejected: 2, stock: 1 });
    // Counts only: nothing about the other seller or their offer.
    expect(text).not.toContain(a.sellerId!);
    expect(text).not.toContain(held.id);

    const [entry] = (await auditEntries('key.uploadRejected')).filter(
      (e) => e.target.id === offer.id,
    );
    const [heldKey] = await keys()
      .find({ offerId: new ObjectId(held.id) })
      .toArray();
    expect(entry).toMatchObject({
      actor: { uid: b.uid },
      target: { type: 'offer', id: offer.id },
      details: {
        sellerId: b.sellerId,
        offerId: offer.id,
        count: 1,
        holders: [
          {
            sellerId: a.sellerId,
            offerId: held.id,
            productId,
            keyId: heldKey!._id.toHexString(),
            hash: heldKey!.hash,
          },
        ],
      },
    });
    const logged = JSON.stringify(entry).toUpperCase();
    for (const code of [...codes, 'HELDELSEWHERE0001']) {
      expect(logged).not.toContain(code.toUpperCase());
    }
    // The other seller's key is untouched, and seller b got no key of that code.
    expect(await keys().countDocuments({ hash: t.vault.hash('HELD-ELSEWHERE-0001') })).toBe(1);
  });

  it('writes no audit entry when a seller only repeats their own codes', async () => {
    const offer = await sell(t, b, await newProduct(t.db));
    await upload(b, offer.id, ['OWN-REPEAT-0001']);
    await upload(b, offer.id, ['own repeat 0001']);
    const entries = await auditEntries('key.uploadRejected');
    expect(entries.filter((e) => e.target.id === offer.id)).toEqual([]);
  });
});

describe('start-up migration: keys hashed before separators were ignored', () => {
  /** A key as an older version stored it: hashed ignoring case only. */
  const legacyKey = (
    offer: { id: string; productId: string },
    sellerId: string,
    code: string,
    minutesAgo: number,
    status: KeyDoc['status'] = 'available',
  ): KeyDoc => ({
    _id: new ObjectId(),
    offerId: new ObjectId(offer.id),
    productId: new ObjectId(offer.productId),
    sellerId,
    hash: legacyHash(code),
    secret: t.vault.encrypt(code),
    status,
    source: 'upload',
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });
  const keyById = (id: ObjectId) => keys().findOne({ _id: id });
  const stockOf = async (id: string) =>
    (await t.db.collection<OfferDoc>('offers').findOne({ _id: new ObjectId(id) }))!.stock;
  const migrate = () => runMigrations(t.db, t.container.migrations, log);
  /** Whether the keys' migration is recorded as complete (other modules have theirs). */
  const recorded = () =>
    t.db
      .collection<{ _id: string }>('migrations')
      .countDocuments({ _id: '2026-11-keys-rehash-without-separators' });

  it('re-hashes every key, flags the later of two that are one key, and runs once', async () => {
    // The fixture hashes exactly as the vault did for a code without separators.
    expect(legacyHash('NOSEPARATORS0001')).toBe(t.vault.hash('NOSEPARATORS0001'));
    const offerA = await sell(t, a, await newProduct(t.db));
    const offerB = await sell(t, b, await newProduct(t.db));
    // `b`'s later key was hashed without separators already: it holds the hash `a`'s earlier
    // key moves to. `a`'s own later copy (sold meanwhile) turns up once its earlier key moved.
    const early = legacyKey(offerA, a.sellerId!, 'MIGR-AAAA-1111', 30);
    const laterElsewhere = legacyKey(offerB, b.sellerId!, 'migrAAAA1111', 20);
    const first = legacyKey(offerA, a.sellerId!, 'MIGR-CCCC-2222', 30, 'sold');
    const laterOwn = legacyKey(offerA, a.sellerId!, 'MIGRCCCC-2222', 10);
    const alone = legacyKey(offerB, b.sellerId!, 'MIGR-EEEE-3333', 5);
    const unchanged = legacyKey(offerB, b.sellerId!, 'MIGRFFFF4444', 5);
    await keys().insertMany([laterElsewhere, laterOwn, early, first, alone, unchanged]);

    await migrate();

    expect(await keyById(early._id)).toMatchObject({
      hash: t.vault.hash('MIGR-AAAA-1111'),
      status: 'available',
    });
    expect(await keyById(first._id)).toMatchObject({
      hash: t.vault.hash('MIGR-CCCC-2222'),
      status: 'sold',
    });
    expect((await keyById(early._id))!.duplicateOf).toBeUndefined();
    // Both later copies are kept, flagged, and out of sale; their codes are untouched.
    for (const [later, of] of [
      [laterElsewhere, early],
      [laterOwn, first],
    ] as const) {
      const doc = (await keyById(later._id))!;
      expect(doc.duplicateOf).toEqual(of._id);
      expect(doc.status).toBe('revoked');
      expect(t.vault.decrypt(doc.secret)).toBe(t.vault.decrypt(later.secret));
    }
    expect((await keyById(alone._id))!.hash).toBe(t.vault.hash('MIGR-EEEE-3333'));
    expect((await keyById(unchanged._id))!.hash).toBe(unchanged.hash);
    // Stock follows: `b`'s offer keeps its two unflagged keys.
    expect(await stockOf(offerB.id)).toBe(2);

    const found = (await auditEntries('key.duplicateFound')).filter((e) =>
      [laterElsewhere, laterOwn].some((k) => k._id.toHexString() === e.target.id),
    );
    expect(found).toHaveLength(2);
    const elsewhere = found.find((e) => e.target.id === laterElsewhere._id.toHexString())!;
    expect(elsewhere).toMatchObject({
      actor: { uid: 'system' },
      target: { type: 'key' },
      details: {
        duplicateOf: early._id.toHexString(),
        status: 'revoked',
        sellerId: b.sellerId,
        offerId: offerB.id,
        earlierSellerId: a.sellerId,
        earlierOfferId: offerA.id,
        hash: t.vault.hash('MIGR-AAAA-1111'),
      },
    });
    expect(JSON.stringify(found).toUpperCase()).not.toMatch(/MIGR-?AAAA|MIGR-?CCCC/);
    expect(await recorded()).toBe(1);

    // An upload now finds the re-hashed key, whatever the separators.
    const { result } = await upload(a, offerA.id, ['migr aaaa 1111']);
    expect(result).toMatchObject({ accepted: 0, duplicates: 1, rejected: 0 });

    // Run again, recorded or not: nothing changes and nobody is told twice.
    const before = await keys().find().sort({ _id: 1 }).toArray();
    const entries = await t.db.collection('auditLog').countDocuments();
    await migrate();
    const keyRepo = createKeyRepository(t.db);
    expect(
      await rehashKeys({
        keys: keyRepo,
        vault: t.vault,
        auditLog: createAuditLog({ audit: createAuditRepository(t.db) }),
        restock: async () => undefined,
        log,
      }),
    ).toEqual({ rehashed: 0, duplicates: 0, unreadable: 0, unsettled: 0 });
    expect(await keys().find().sort({ _id: 1 }).toArray()).toEqual(before);
    expect(await t.db.collection('auditLog').countDocuments()).toBe(entries);
  });

  it('finishes on a later run what a stopped run left half done', async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    const moved = legacyKey(offer, a.sellerId!, 'HALF-DONE-0001', 20);
    const pending = legacyKey(offer, a.sellerId!, 'HALF-DONE-0002', 10);
    // The first key was re-hashed before the stop, the second not.
    moved.hash = t.vault.hash('HALF-DONE-0001');
    await keys().insertMany([moved, pending]);
    const report = await rehashKeys({
      keys: createKeyRepository(t.db),
      vault: t.vault,
      auditLog: createAuditLog({ audit: createAuditRepository(t.db) }),
      restock: async () => undefined,
      log,
    });
    expect(report).toEqual({ rehashed: 1, duplicates: 0, unreadable: 0, unsettled: 0 });
    expect((await keyById(pending._id))!.hash).toBe(t.vault.hash('HALF-DONE-0002'));
  });

  it('leaves an image code hashed over its bytes, its base64 never taken for a text code', async () => {
    const offer = await sell(t, a, await newProduct(t.db));
    // Two scans whose base64 differs only in case: two images, not one code.
    const [scan, other] = ['iVBORw0KGgoAAAANSUhEUgAA', 'IvbOrW0kGgOaaaansuHeUGaa'].map(
      (imageBase64, i) =>
        supplierKeyDocs(
          t.vault,
          [
            {
              kind: 'image',
              codeId: `c${i}`,
              imageBase64,
              filename: 'card.png',
              mimeType: 'image/png',
            },
          ],
          {
            offerId: new ObjectId(offer.id),
            productId: new ObjectId(offer.productId),
            sellerId: a.sellerId!,
            supplier: 'wock',
            supplierPurchaseId: 'P-1',
            supplierClientRef: `stock:${offer.id}:${i}`,
          },
          new Date(),
        )[0]!,
    );
    expect((await createKeyRepository(t.db).insertNew([scan!, other!])).inserted).toBe(2);
    const report = await rehashKeys({
      keys: createKeyRepository(t.db),
      vault: t.vault,
      auditLog: createAuditLog({ audit: createAuditRepository(t.db) }),
      restock: async () => undefined,
      log,
    });
    expect(report).toEqual({ rehashed: 0, duplicates: 0, unreadable: 0, unsettled: 0 });
    const stored = await keys()
      .find({ offerId: new ObjectId(offer.id) })
      .toArray();
    expect(stored.map((k) => k.hash).sort()).toEqual([scan!.hash, other!.hash].sort());
    expect(stored.every((k) => k.kind === 'image' && !k.duplicateOf)).toBe(true);
  });

  it('stays unrecorded while a key cannot be decrypted, and completes once it can', async () => {
    await t.db.collection('migrations').deleteMany({});
    const offer = await sell(t, a, await newProduct(t.db));
    const broken = { ...legacyKey(offer, a.sellerId!, 'BROKEN-0001', 5), secret: 'v1:AA:AA:AA' };
    await keys().insertOne(broken);
    await migrate();
    expect(await recorded()).toBe(0);
    expect((await keyById(broken._id))!.hash).toBe(broken.hash);

    await keys().deleteOne({ _id: broken._id });
    await migrate();
    expect(await recorded()).toBe(1);
  });
});
