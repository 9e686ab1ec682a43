import {
  BuyerConversationSchema,
  type BuyerConversation,
  type ChatMessageCreate,
} from '@market/shared';
import { callApi } from '../../lib/api-client.ts';

/*
 * The buyer's conversations with the sellers of an order. The list answers with an ETag and
 * `Cache-Control: private, no-cache`: the browser asks again with If-None-Match, so polling an
 * unchanged conversation costs a 304 without a body.
 */

const ConversationListSchema = BuyerConversationSchema.array();
const base = (orderId: string) => `user/orders/${encodeURIComponent(orderId)}/conversations`;

/** One conversation per seller of the order (empty until someone writes). */
export function listConversations(orderId: string, idToken: string): Promise<BuyerConversation[]> {
  return callApi(base(orderId), ConversationListSchema, { idToken });
}

export function sendMessage(
  orderId: string,
  sellerId: string,
  body: ChatMessageCreate,
  idToken: string,
): Promise<BuyerConversation> {
  const path = `${base(orderId)}/${encodeURIComponent(sellerId)}/messages`;
  return callApi(path, BuyerConversationSchema, { body, idToken });
}

/** The buyer has seen the conversation: its unread count drops to zero. */
export function markRead(
  orderId: string,
  sellerId: string,
  idToken: string,
): Promise<BuyerConversation> {
  const path = `${base(orderId)}/${encodeURIComponent(sellerId)}/read`;
  return callApi(path, BuyerConversationSchema, { body: {}, idToken });
}
