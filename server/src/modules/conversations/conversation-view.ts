import type {
  AdminConversation,
  AdminConversationSummary,
  BuyerConversation,
  ChatMessage,
  SellerConversation,
  SellerConversationSummary,
} from '@market/shared';
import type { ChatMessageDoc, ConversationDoc } from './conversations.repository.ts';

/** A conversation's summary fields (the lists leave the messages out). */
type Summary = Omit<ConversationDoc, 'messages'>;

const toMessage = (m: ChatMessageDoc): ChatMessage => ({
  id: m._id.toHexString(),
  author: m.author,
  body: m.body,
  createdAt: m.at.toISOString(),
});

/** The buyer's view of their conversation with one seller of the order (empty: none yet). */
export function toBuyerConversation(
  sellerId: string,
  sellerName: string,
  doc: ConversationDoc | null,
): BuyerConversation {
  return {
    sellerId,
    sellerName,
    messages: doc ? doc.messages.map(toMessage) : [],
    unread: doc?.unread.buyer ?? 0,
  };
}

export function toSellerSummary(doc: Summary): SellerConversationSummary {
  return {
    id: doc.orderId.toHexString(),
    orderNumber: doc.orderNumber,
    messageCount: doc.messageCount,
    lastMessageAt: doc.lastMessageAt.toISOString(),
    lastAuthor: doc.lastAuthor,
    unread: doc.unread.seller,
  };
}

/** The seller's conversation on an order; `doc` null: nobody wrote yet. */
export function toSellerConversation(
  order: { id: string; number: string },
  doc: ConversationDoc | null,
): SellerConversation {
  if (!doc) {
    return {
      id: order.id,
      orderNumber: order.number,
      messageCount: 0,
      lastMessageAt: null,
      lastAuthor: null,
      unread: 0,
      messages: [],
    };
  }
  return { ...toSellerSummary(doc), messages: doc.messages.map(toMessage) };
}

export function toAdminSummary(doc: Summary, sellerName: string): AdminConversationSummary {
  return {
    id: doc._id.toHexString(),
    orderId: doc.orderId.toHexString(),
    orderNumber: doc.orderNumber,
    sellerId: doc.sellerId,
    sellerName,
    buyerEmail: doc.buyerEmail,
    messageCount: doc.messageCount,
    lastMessageAt: doc.lastMessageAt.toISOString(),
    lastAuthor: doc.lastAuthor,
    unread: doc.unread.admin,
  };
}

export function toAdminConversation(doc: ConversationDoc, sellerName: string): AdminConversation {
  return { ...toAdminSummary(doc, sellerName), messages: doc.messages.map(toMessage) };
}
