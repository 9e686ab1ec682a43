import {
  MongoServerError,
  type Db,
  type Filter,
  type IndexDescription,
  type ObjectId,
} from 'mongodb';
import { CHAT_MAX_MESSAGES, type ChatAuthor } from '@market/shared';
import type { ListQuery } from '../../lib/list-query.ts';
import { countMatching } from '../../db/count.ts';

/** Who reads a conversation: each keeps an unread count of the messages others wrote. */
export type ChatReader = 'buyer' | 'seller' | 'admin';
/** Who is mailed about new messages (admins read the console, they are not mailed). */
export type ChatRecipient = 'buyer' | 'seller';

export type ChatMessageDoc = {
  _id: ObjectId;
  author: ChatAuthor;
  /** The writer's uid (for an admin: which admin spoke for the marketplace). */
  authorUid: string;
  body: string;
  at: Date;
};

export type ConversationDoc = {
  _id: ObjectId;
  orderId: ObjectId;
  sellerId: string;
  orderNumber: string;
  buyerUid: string;
  buyerEmail: string;
  /** Oldest first; at most CHAT_MAX_MESSAGES (one record: one write adds a message and counts). */
  messages: ChatMessageDoc[];
  messageCount: number;
  lastMessageAt: Date;
  lastAuthor: ChatAuthor;
  /** Messages each reader has not read yet; a reader's own messages never count for them. */
  unread: Record<ChatReader, number>;
  /** When each party was last mailed about new messages (the debounce of `chat-notify.ts`). */
  notifiedAt: Partial<Record<ChatRecipient, Date>>;
  createdAt: Date;
  updatedAt: Date;
};

export const conversationIndexes: IndexDescription[] = [
  // One conversation per order and seller, however many first messages race.
  { key: { orderId: 1, sellerId: 1 }, unique: true },
  // A seller's list and the admin's, most recent first (same instant: by id).
  { key: { sellerId: 1, lastMessageAt: -1, _id: -1 } },
  { key: { lastMessageAt: -1, _id: -1 } },
];

/** Who else's unread count a message by `author` raises. */
const READERS_OF: Record<ChatAuthor, ChatReader[]> = {
  buyer: ['seller', 'admin'],
  seller: ['buyer', 'admin'],
  marketplace: ['buyer', 'seller'],
};
/** The reader an author is (their own unread count drops to zero: they saw the thread). */
const READER_OF: Record<ChatAuthor, ChatReader> = {
  buyer: 'buyer',
  seller: 'seller',
  marketplace: 'admin',
};

export type ConversationPageFilter = {
  sellerId?: string | undefined;
  orderId?: ObjectId | undefined;
  unreadBy?: ChatReader | undefined;
  /** getMany: the conversations with these ids (the admin's rows). */
  ids?: ObjectId[] | undefined;
  /** getMany: the conversations on these orders (the seller's rows are named by order). */
  orderIds?: ObjectId[] | undefined;
};

/** Sorted by last message only: each filter has its index by last message (another column would sort every match in memory). */
const SORTABLE = new Set(['lastMessageAt']);

/** The only code that touches the `conversations` collection. */
export function createConversationRepository(db: Db) {
  const conversations = db.collection<ConversationDoc>('conversations');

  /**
   * Appends a message in one conditional upsert: the first message creates the conversation.
   * Answers the conversation after it, or null when it already holds CHAT_MAX_MESSAGES.
   */
  async function append(
    key: { orderId: ObjectId; sellerId: string },
    meta: Pick<ConversationDoc, 'orderNumber' | 'buyerUid' | 'buyerEmail'>,
    message: ChatMessageDoc,
  ): Promise<ConversationDoc | null> {
    const inc: Record<string, number> = { messageCount: 1 };
    for (const reader of READERS_OF[message.author]) inc[`unread.${reader}`] = 1;
    const own = READER_OF[message.author];
    const update = {
      $setOnInsert: { ...meta, notifiedAt: {}, createdAt: message.at },
      $push: { messages: message },
      $inc: inc,
      $set: {
        [`unread.${own}`]: 0,
        lastMessageAt: message.at,
        lastAuthor: message.author,
        updatedAt: message.at,
      },
    };
    // Two first messages racing: one inserts, the other's upsert meets the unique index and
    // matches the inserted record on its second try. A full conversation matches neither time.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        return await conversations.findOneAndUpdate(
          { ...key, messageCount: { $lt: CHAT_MAX_MESSAGES } },
          update as never,
          { upsert: true, returnDocument: 'after' },
        );
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
      }
    }
    return null;
  }

  return {
    append,
    findById: (id: ObjectId) => conversations.findOne({ _id: id }),
    findOf: (orderId: ObjectId, sellerId: string) => conversations.findOne({ orderId, sellerId }),
    ofOrder: (orderId: ObjectId) => conversations.find({ orderId }).toArray(),
    /** The reader has seen every message: their unread count drops to zero. */
    markRead: (id: ObjectId, reader: ChatReader) =>
      conversations.findOneAndUpdate(
        { _id: id },
        { $set: { [`unread.${reader}`]: 0 } },
        { returnDocument: 'after' },
      ),
    /**
     * Claims the right to mail `recipient` now: matches only when they were never mailed about
     * this conversation or last before `quietSince`, so of a burst of messages one mails.
     */
    claimNotification: async (id: ObjectId, recipient: ChatRecipient, at: Date, quietSince: Date) =>
      (
        await conversations.updateOne(
          {
            _id: id,
            $or: [
              { [`notifiedAt.${recipient}`]: { $exists: false } },
              { [`notifiedAt.${recipient}`]: { $lt: quietSince } },
            ],
          },
          { $set: { [`notifiedAt.${recipient}`]: at } },
        )
      ).modifiedCount === 1,
    /** A page of summaries (without the messages). */
    async page(q: ListQuery, f: ConversationPageFilter) {
      const query: Filter<ConversationDoc> = {};
      if (f.sellerId) query.sellerId = f.sellerId;
      if (f.orderId) query.orderId = f.orderId;
      if (f.unreadBy) query[`unread.${f.unreadBy}`] = { $gt: 0 };
      if (f.ids) query._id = { $in: f.ids };
      if (f.orderIds) query.orderId = { $in: f.orderIds };
      const field = q.sort && SORTABLE.has(q.sort.field) ? q.sort.field : 'lastMessageAt';
      const [rows, total] = await Promise.all([
        conversations
          .find(query, { projection: { messages: 0 } })
          // The tie-breaker follows the order, so one index serves both directions.
          .sort({ [field]: q.sort?.order ?? -1, _id: q.sort?.order ?? -1 })
          .skip(q.skip)
          .limit(q.limit)
          .toArray(),
        countMatching(conversations, query),
      ]);
      return { rows: rows as Omit<ConversationDoc, 'messages'>[], total };
    },
  };
}
export type ConversationRepository = ReturnType<typeof createConversationRepository>;
