import { ObjectId } from 'mongodb';
import {
  ChatMessageCreateSchema,
  type AdminConversation,
  type AdminConversationSummary,
  type BuyerConversation,
  type ChatAuthor,
  type ChatMessageCreate,
  type SellerConversation,
  type SellerConversationSummary,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { OrderDoc } from '../orders/order-doc.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import type { ChatNotifier } from './chat-notify.ts';
import {
  toAdminConversation,
  toAdminSummary,
  toBuyerConversation,
  toSellerConversation,
  toSellerSummary,
} from './conversation-view.ts';
import type { ConversationDoc, ConversationRepository } from './conversations.repository.ts';

export type ConversationFilter = {
  orderId?: string | undefined;
  unread?: boolean | undefined;
  /** getMany's ids: order ids for a seller, conversation ids for an admin. */
  id?: string | string[] | undefined;
};
export type AdminConversationFilter = ConversationFilter & { sellerId?: string | undefined };

const FULL = () =>
  new AppError('CONFLICT', { message: 'This conversation is full: write to the marketplace' });

/**
 * Buyer–seller conversations per order and seller. Who may read or write is decided by the
 * order: its buyer, a seller with a line in it, or an admin; anyone else gets 404, as for an
 * order that does not exist.
 */
export function createConversationService(deps: {
  conversations: ConversationRepository;
  orders: Pick<OrderFacade, 'findById' | 'findOwn'>;
  sellers: Pick<SellerFacade, 'namesByIds'>;
  notifier: ChatNotifier;
  now: () => Date;
}) {
  const { conversations } = deps;

  const sellersOf = (order: OrderDoc) => [...new Set(order.items.map((i) => i.sellerId))];
  const nameOf = async (sellerId: string) =>
    (await deps.sellers.namesByIds([sellerId])).get(sellerId) ?? sellerId;

  async function buyersOrder(uid: string, orderId: string) {
    const oid = toObjectId(orderId);
    const order = oid && (await deps.orders.findOwn(oid, uid));
    if (!order) throw new AppError('NOT_FOUND');
    return order;
  }

  async function sellersOrder(sellerId: string, orderId: string) {
    const oid = toObjectId(orderId);
    const order = oid && (await deps.orders.findById(oid));
    // An order without a line of this seller answers like a missing one.
    if (!order || !order.items.some((i) => i.sellerId === sellerId)) {
      throw new AppError('NOT_FOUND');
    }
    return order;
  }

  async function adminsConversation(id: string) {
    const oid = toObjectId(id);
    const doc = oid && (await conversations.findById(oid));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  }

  /** Stores the message (the acknowledged write), then tells the other party. */
  async function write(
    order: OrderDoc,
    sellerId: string,
    author: ChatAuthor,
    authorUid: string,
    input: ChatMessageCreate,
  ): Promise<ConversationDoc> {
    const { body } = ChatMessageCreateSchema.parse(input);
    const at = deps.now();
    const doc = await conversations.append(
      { orderId: order._id, sellerId },
      { orderNumber: order.number, buyerUid: order.userId, buyerEmail: order.email },
      { _id: new ObjectId(), author, authorUid, body, at },
    );
    if (!doc) throw FULL();
    await deps.notifier.messageAdded(doc, author);
    return doc;
  }

  async function buyerThread(order: OrderDoc, sellerId: string): Promise<BuyerConversation> {
    return toBuyerConversation(
      sellerId,
      await nameOf(sellerId),
      await conversations.findOf(order._id, sellerId),
    );
  }

  const sellerView = (order: OrderDoc, doc: ConversationDoc | null) =>
    toSellerConversation({ id: order._id.toHexString(), number: order.number }, doc);

  const orderFilter = (orderId: string | undefined) =>
    orderId === undefined ? undefined : toObjectId(orderId);

  return {
    /** The buyer's conversations on their order: one per seller of it, empty until written. */
    async buyerThreads(uid: string, orderId: string): Promise<BuyerConversation[]> {
      const order = await buyersOrder(uid, orderId);
      const sellerIds = sellersOf(order);
      const [names, docs] = await Promise.all([
        deps.sellers.namesByIds(sellerIds),
        conversations.ofOrder(order._id),
      ]);
      return sellerIds.map((sellerId) =>
        toBuyerConversation(
          sellerId,
          names.get(sellerId) ?? sellerId,
          docs.find((d) => d.sellerId === sellerId) ?? null,
        ),
      );
    },

    async buyerWrite(uid: string, orderId: string, sellerId: string, input: ChatMessageCreate) {
      const order = await buyersOrder(uid, orderId);
      if (!sellersOf(order).includes(sellerId)) throw new AppError('NOT_FOUND');
      await write(order, sellerId, 'buyer', uid, input);
      return buyerThread(order, sellerId);
    },

    async buyerRead(uid: string, orderId: string, sellerId: string) {
      const order = await buyersOrder(uid, orderId);
      if (!sellersOf(order).includes(sellerId)) throw new AppError('NOT_FOUND');
      const doc = await conversations.findOf(order._id, sellerId);
      if (doc) await conversations.markRead(doc._id, 'buyer');
      return buyerThread(order, sellerId);
    },

    async sellerList(
      sellerId: string,
      q: ListQuery,
      f: ConversationFilter,
    ): Promise<{ rows: SellerConversationSummary[]; total: number }> {
      const orderId = orderFilter(f.orderId);
      if (orderId === null) return { rows: [], total: 0 };
      const { rows, total } = await conversations.page(q, {
        sellerId,
        orderId,
        unreadBy: f.unread ? 'seller' : undefined,
        orderIds: f.id === undefined ? undefined : toObjectIds(f.id),
      });
      return { rows: rows.map(toSellerSummary), total };
    },

    /** The seller's conversation on one of their orders (`id`: the order's), empty when none. */
    async sellerGet(sellerId: string, orderId: string): Promise<SellerConversation> {
      const order = await sellersOrder(sellerId, orderId);
      return sellerView(order, await conversations.findOf(order._id, sellerId));
    },

    async sellerWrite(
      sellerId: string,
      uid: string,
      orderId: string,
      input: ChatMessageCreate,
    ): Promise<SellerConversation> {
      const order = await sellersOrder(sellerId, orderId);
      return sellerView(order, await write(order, sellerId, 'seller', uid, input));
    },

    async sellerRead(sellerId: string, orderId: string): Promise<SellerConversation> {
      const order = await sellersOrder(sellerId, orderId);
      const doc = await conversations.findOf(order._id, sellerId);
      return sellerView(order, doc && (await conversations.markRead(doc._id, 'seller')));
    },

    async adminList(
      q: ListQuery,
      f: AdminConversationFilter,
    ): Promise<{ rows: AdminConversationSummary[]; total: number }> {
      const orderId = orderFilter(f.orderId);
      if (orderId === null) return { rows: [], total: 0 };
      const { rows, total } = await conversations.page(q, {
        orderId,
        sellerId: f.sellerId,
        unreadBy: f.unread ? 'admin' : undefined,
        ids: f.id === undefined ? undefined : toObjectIds(f.id),
      });
      const names = await deps.sellers.namesByIds([...new Set(rows.map((r) => r.sellerId))]);
      return {
        rows: rows.map((r) => toAdminSummary(r, names.get(r.sellerId) ?? r.sellerId)),
        total,
      };
    },

    async adminGet(id: string): Promise<AdminConversation> {
      const doc = await adminsConversation(id);
      return toAdminConversation(doc, await nameOf(doc.sellerId));
    },

    /** An admin joins the conversation: the message is the marketplace's, to both parties. */
    async adminWrite(
      uid: string,
      id: string,
      input: ChatMessageCreate,
    ): Promise<AdminConversation> {
      const found = await adminsConversation(id);
      const order = await deps.orders.findById(found.orderId);
      if (!order) throw new AppError('NOT_FOUND');
      const doc = await write(order, found.sellerId, 'marketplace', uid, input);
      return toAdminConversation(doc, await nameOf(doc.sellerId));
    },

    async adminRead(id: string): Promise<AdminConversation> {
      const found = await adminsConversation(id);
      const doc = (await conversations.markRead(found._id, 'admin')) ?? found;
      return toAdminConversation(doc, await nameOf(doc.sellerId));
    },
  };
}
export type ConversationService = ReturnType<typeof createConversationService>;
