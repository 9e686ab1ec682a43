import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminConversationSchema,
  AdminConversationSummarySchema,
  BuyerConversationSchema,
  CHAT_MAX_MESSAGES,
  CheckoutStartedSchema,
  SellerConversationSchema,
  SellerConversationSummarySchema,
  transactionId,
} from '@market/shared';
import type { ConversationDoc } from '../src/modules/conversations/conversations.repository.ts';
import type { OutboxDoc } from '../src/modules/outbox/outbox.repository.ts';
import { buyerWith, checkout } from './checkout-fixtures.ts';
import { expectFieldErrors, freshCodes, newProduct, sell, uploadKeys } from './fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from './harness.ts';

let t: TestServer;
let seller: TestAccount;
let otherSeller: TestAccount;
let admin: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  [seller, otherSeller, admin, stranger] = await Promise.all([
    t.account('seller'),
    t.account('seller'),
    t.account('admin'),
    t.account('user'),
  ]);
});
afterAll(() => t.close());

/** A buyer's order with a line of `seller` and, when `alsoFrom` is given, one of theirs. */
async function order(alsoFrom?: TestAccount) {
  const productId = await newProduct(t.db);
  const offer = await sell(t, seller, productId);
  await uploadKeys(t, seller, offer.id, freshCodes(1));
  const buyer = await buyerWith(t, seller, [{ productId, quantity: 1 }]);
  if (alsoFrom) {
    const other = await newProduct(t.db);
    const otherOffer = await sell(t, alsoFrom, other);
    await uploadKeys(t, alsoFrom, otherOffer.id, freshCodes(1));
    const res = await t.call('POST', '/api/cart/addToCart', {
      token: buyer.token,
      body: {
        transactionId: transactionId(),
        products: [{ productId: other, quantity: 1, sellerId: alsoFrom.sellerId }],
      },
    });
    expect(res.status).toBe(200);
  }
  const res = await checkout(t, buyer, 'paypal');
  expect(res.status).toBe(201);
  return { buyer, orderId: CheckoutStartedSchema.parse(await res.json()).orderId };
}

const get = (who: TestAccount, path: string) => t.call('GET', path, { token: who.token });
const post = (who: TestAccount, path: string, body: unknown = {}) =>
  t.call('POST', path, { token: who.token, body });
const say = (body: string) => ({ body });

async function buyerThreads(buyer: TestAccount, orderId: string) {
  const res = await get(buyer, `/api/user/orders/${orderId}/conversations`);
  expect(res.status).toBe(200);
  return BuyerConversationSchema.array().parse(await res.json());
}
async function sellerThread(who: TestAccount, orderId: string) {
  const res = await get(who, `/api/seller/conversations/${orderId}`);
  expect(res.status).toBe(200);
  return SellerConversationSchema.parse(await res.json());
}
/** The seller's conversations with unread messages: rows and the total react-admin reads. */
async function sellerUnread(who: TestAccount) {
  const filter = encodeURIComponent(JSON.stringify({ unread: true }));
  const res = await get(who, `/api/seller/conversations?filter=${filter}`);
  expect(res.status).toBe(200);
  const rows = SellerConversationSummarySchema.array().parse(await res.json());
  return { rows, total: Number(res.headers.get('content-range')?.split('/')[1]) };
}
const chatMails = (email: string) =>
  t.db
    .collection<OutboxDoc>('outbox')
    .find({ to: email.toLowerCase(), kind: 'chat-message' })
    .toArray();

describe('a conversation on an order', () => {
  it('lets the buyer and the seller write to each other, each with their unread count', async () => {
    const { buyer, orderId } = await order(otherSeller);
    // One conversation per seller of the order, empty until someone writes.
    const before = await buyerThreads(buyer, orderId);
    expect(before.map((c) => c.sellerId).sort()).toEqual(
      [seller.sellerId, otherSeller.sellerId].sort(),
    );
    expect(before.every((c) => c.messages.length === 0 && c.sellerName.length > 0)).toBe(true);

    const written = await post(
      buyer,
      `/api/user/orders/${orderId}/conversations/${seller.sellerId}/messages`,
      say('  Is the key for the EU region?  '),
    );
    expect(written.status).toBe(200);
    const mine = BuyerConversationSchema.parse(await written.json());
    expect(mine.messages.map((m) => [m.author, m.body])).toEqual([
      ['buyer', 'Is the key for the EU region?'],
    ]);
    expect(mine.unread).toBe(0);

    // The seller sees one unread conversation, reads it, and it is no longer unread.
    const unread = await sellerUnread(seller);
    expect(unread.rows.find((r) => r.id === orderId)).toMatchObject({ unread: 1 });
    const thread = await sellerThread(seller, orderId);
    expect(thread.messages[0]).toMatchObject({ author: 'buyer' });
    const read = await post(seller, `/api/seller/conversations/${orderId}/read`);
    expect(SellerConversationSchema.parse(await read.json()).unread).toBe(0);
    expect((await sellerUnread(seller)).rows.some((r) => r.id === orderId)).toBe(false);

    // The answer reaches the buyer as unread until they read it.
    const answer = await post(
      seller,
      `/api/seller/conversations/${orderId}/messages`,
      say('Yes, it works across the EU.'),
    );
    expect(answer.status).toBe(200);
    const withAnswer = (await buyerThreads(buyer, orderId)).find(
      (c) => c.sellerId === seller.sellerId,
    )!;
    expect(withAnswer.messages.map((m) => m.author)).toEqual(['buyer', 'seller']);
    expect(withAnswer.unread).toBe(1);
    const buyerRead = await post(
      buyer,
      `/api/user/orders/${orderId}/conversations/${seller.sellerId}/read`,
    );
    expect(BuyerConversationSchema.parse(await buyerRead.json()).unread).toBe(0);

    // The order's other seller has a conversation of their own, still empty.
    expect((await sellerThread(otherSeller, orderId)).messages).toEqual([]);
    const others = (await buyerThreads(buyer, orderId)).find(
      (c) => c.sellerId === otherSeller.sellerId,
    )!;
    expect(others.messages).toEqual([]);
  });

  it('lets an admin read every conversation and join it as the marketplace', async () => {
    const { buyer, orderId } = await order();
    await post(
      buyer,
      `/api/user/orders/${orderId}/conversations/${seller.sellerId}/messages`,
      say('The code is not accepted'),
    );
    const filter = encodeURIComponent(JSON.stringify({ orderId }));
    const list = await get(admin, `/api/admin/conversations?filter=${filter}`);
    expect(list.status).toBe(200);
    const [row] = AdminConversationSummarySchema.array().parse(await list.json());
    expect(row).toMatchObject({ orderId, sellerId: seller.sellerId, unread: 1, messageCount: 1 });
    expect(row!.buyerEmail).toBe(buyer.email.toLowerCase());

    const joined = await post(
      admin,
      `/api/admin/conversations/${row!.id}/messages`,
      say('We are looking into it.'),
    );
    expect(joined.status).toBe(200);
    const thread = AdminConversationSchema.parse(await joined.json());
    expect(thread.messages.map((m) => m.author)).toEqual(['buyer', 'marketplace']);
    expect(thread.unread).toBe(0);
    // Both parties have the marketplace's message unread.
    expect((await sellerThread(seller, orderId)).unread).toBe(2);
    expect((await buyerThreads(buyer, orderId))[0]!.unread).toBe(1);
  });
});

describe('who may read and write', () => {
  it('answers 404 to anyone but the order’s buyer, its sellers and admins', async () => {
    const { buyer, orderId } = await order();
    const buyerPath = `/api/user/orders/${orderId}/conversations`;
    expect((await get(stranger, buyerPath)).status).toBe(404);
    expect(
      (await post(stranger, `${buyerPath}/${seller.sellerId}/messages`, say('hi'))).status,
    ).toBe(404);
    // A seller with no line in the order: not to the buyer, and not from the seller console.
    expect(
      (await post(buyer, `${buyerPath}/${otherSeller.sellerId}/messages`, say('hi'))).status,
    ).toBe(404);
    expect((await get(otherSeller, `/api/seller/conversations/${orderId}`)).status).toBe(404);
    expect(
      (await post(otherSeller, `/api/seller/conversations/${orderId}/messages`, say('hi'))).status,
    ).toBe(404);
    expect((await post(otherSeller, `/api/seller/conversations/${orderId}/read`)).status).toBe(404);
    expect((await get(admin, '/api/admin/conversations/0123456789abcdef01234567')).status).toBe(
      404,
    );
    expect((await get(buyer, '/api/user/orders/not-an-id/conversations')).status).toBe(404);
    // Nothing was written by those attempts.
    expect((await buyerThreads(buyer, orderId))[0]!.messages).toEqual([]);
  });

  it('refuses an empty or too long message with field errors', async () => {
    const { buyer, orderId } = await order();
    const path = `/api/user/orders/${orderId}/conversations/${seller.sellerId}/messages`;
    await expectFieldErrors(await post(buyer, path, say('   ')), 400, ['body']);
    await expectFieldErrors(await post(buyer, path, say('x'.repeat(2001))), 400, ['body']);
    await expectFieldErrors(await post(buyer, path, {}), 400, ['body']);
  });
});

describe('racing and full conversations', () => {
  it('makes racing first messages one conversation, and refuses a message past the cap', async () => {
    const { buyer, orderId } = await order();
    const path = `/api/user/orders/${orderId}/conversations/${seller.sellerId}/messages`;
    const answers = await Promise.all([
      post(buyer, path, say('First')),
      post(buyer, path, say('Second')),
      post(seller, `/api/seller/conversations/${orderId}/messages`, say('Third')),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const stored = await t.db
      .collection<ConversationDoc>('conversations')
      .find({ orderId: new ObjectId(orderId) })
      .toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.messageCount).toBe(3);
    expect(stored[0]!.messages.map((m) => m.body).sort()).toEqual(['First', 'Second', 'Third']);

    // A conversation holding the most messages takes no more (409), and stays as it was.
    await t.db
      .collection<ConversationDoc>('conversations')
      .updateOne({ _id: stored[0]!._id }, { $set: { messageCount: CHAT_MAX_MESSAGES } });
    expect((await post(buyer, path, say('One more'))).status).toBe(409);
    expect((await sellerThread(seller, orderId)).messages).toHaveLength(3);
  });
});

describe('polling', () => {
  it('answers 304 to an If-None-Match of the current conversation, 200 once it changed', async () => {
    const { buyer, orderId } = await order();
    const path = `/api/seller/conversations/${orderId}`;
    const first = await get(seller, path);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await fetch(t.url + path, {
      headers: { authorization: `Bearer ${seller.token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    await post(
      buyer,
      `/api/user/orders/${orderId}/conversations/${seller.sellerId}/messages`,
      say('Hello'),
    );
    const changed = await fetch(t.url + path, {
      headers: { authorization: `Bearer ${seller.token}`, 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('mail notifications', () => {
  it('mails the other party once for a burst of messages, again after 10 quiet minutes', async () => {
    const { buyer, orderId } = await order();
    const buyerPath = `/api/user/orders/${orderId}/conversations/${seller.sellerId}/messages`;
    const before = (await chatMails(seller.email)).length;
    for (const text of ['Hello', 'Are you there?', 'The key does not work']) {
      expect((await post(buyer, buyerPath, say(text))).status).toBe(200);
    }
    const toSeller = await chatMails(seller.email);
    expect(toSeller.length - before).toBe(1);
    expect(toSeller.at(-1)!.text).toContain(`/seller/conversations/${orderId}/show`);

    // The seller's answers: one mail to the buyer, linking to the order in the account.
    for (const text of ['Checking', 'Sent you another key']) {
      await post(seller, `/api/seller/conversations/${orderId}/messages`, say(text));
    }
    const toBuyer = await chatMails(buyer.email);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain(`/account?order=${orderId}`);

    // Ten minutes after the seller's mail, the buyer's next message mails them again.
    await t.db
      .collection<ConversationDoc>('conversations')
      .updateOne(
        { orderId: new ObjectId(orderId) },
        { $set: { 'notifiedAt.seller': new Date(Date.now() - 11 * 60_000) } },
      );
    await post(buyer, buyerPath, say('Thanks, it works'));
    expect((await chatMails(seller.email)).length - before).toBe(2);
    // The buyer was mailed under ten minutes ago: the seller's next answer adds none.
    await post(seller, `/api/seller/conversations/${orderId}/messages`, say('Enjoy'));
    expect(await chatMails(buyer.email)).toHaveLength(1);
  });
});
