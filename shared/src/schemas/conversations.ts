import { z } from 'zod';

/**
 * Live chat (spec section 1): one conversation per order and seller (an order may hold lines
 * of several sellers), between the buyer and that seller; admins read every conversation and
 * may write in it as the marketplace.
 */

/** Who wrote a message: the order's buyer, the line's seller, or an admin for the marketplace. */
export const CHAT_AUTHORS = ['buyer', 'seller', 'marketplace'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];
export const ChatAuthorSchema = z.enum(CHAT_AUTHORS);

/** The longest message, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The most messages one conversation holds (a conversation is one stored record). */
export const CHAT_MAX_MESSAGES = 500;

export const ChatMessageSchema = z.object({
  id: z.string(),
  author: ChatAuthorSchema,
  body: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Body of every `…/messages` call. */
export const ChatMessageCreateSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write a message')
    .max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
});
export type ChatMessageCreate = z.input<typeof ChatMessageCreateSchema>;

/**
 * One conversation of an order as its buyer reads it (`/api/user/orders/:id/conversations`):
 * one per seller of the order, empty until someone writes. `unread`: messages the buyer has not
 * read yet.
 */
export const BuyerConversationSchema = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  messages: z.array(ChatMessageSchema),
  unread: z.number().int().min(0),
});
export type BuyerConversation = z.infer<typeof BuyerConversationSchema>;

/**
 * A conversation in the seller console (`/api/seller/conversations`), its id the order's id:
 * never the buyer. `unread`: messages the seller has not read yet.
 */
export const SellerConversationSummarySchema = z.object({
  /** The order's id: a seller has one conversation per order. */
  id: z.string(),
  orderNumber: z.string(),
  messageCount: z.number().int().min(0),
  lastMessageAt: z.string().nullable(),
  lastAuthor: ChatAuthorSchema.nullable(),
  unread: z.number().int().min(0),
});
export type SellerConversationSummary = z.infer<typeof SellerConversationSummarySchema>;
export const SellerConversationSchema = SellerConversationSummarySchema.extend({
  messages: z.array(ChatMessageSchema),
});
export type SellerConversation = z.infer<typeof SellerConversationSchema>;

/** A conversation in the admin console: both parties; `unread` counts what no admin read yet. */
export const AdminConversationSummarySchema = SellerConversationSummarySchema.extend({
  /** The conversation's own id. */
  id: z.string(),
  orderId: z.string(),
  sellerId: z.string(),
  sellerName: z.string(),
  buyerEmail: z.string(),
});
export type AdminConversationSummary = z.infer<typeof AdminConversationSummarySchema>;
export const AdminConversationSchema = AdminConversationSummarySchema.extend({
  messages: z.array(ChatMessageSchema),
});
export type AdminConversation = z.infer<typeof AdminConversationSchema>;
