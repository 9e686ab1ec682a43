import { z } from 'zod';
import {
  AdminConversationSchema,
  AdminConversationSummarySchema,
  BuyerConversationSchema,
  CHAT_MAX_MESSAGES,
  ChatMessageCreateSchema,
  SellerConversationSchema,
  SellerConversationSummarySchema,
} from '@market/shared';
import { jsonWithEtag } from '../../lib/etag-json.ts';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import { currentUser } from '../../middleware/auth.ts';
import { byUser } from '../../middleware/rate-limit.ts';
import type { ConversationService } from './conversations.service.ts';

/** The list filters: one order's conversation, or only those with messages the caller has not read. */
export const ConversationFilterSchema = z.object({
  orderId: z.string().min(1).max(64).optional(),
  unread: z.boolean().optional(),
  id: IdFilterSchema.optional(),
});
export const AdminConversationFilterSchema = ConversationFilterSchema.extend({
  sellerId: z.string().min(1).max(128).optional(),
});

const POLLING =
  'Answers with an `ETag` and `Cache-Control: private, no-cache`: poll it with `If-None-Match`, an unchanged conversation is a 304 without a body.';
const LIST_DESCRIPTION =
  'Conversations with at least one message, the most recent first, or the least recent with `sort` `lastMessageAt` ASC (the only sort: each filter has its index by last message).';
const WRITE_DESCRIPTION = `At most ${CHAT_MAX_MESSAGES} messages per conversation (409 past it). The other party is mailed, at most once per conversation every 10 minutes.`;
const MESSAGE_LIMIT = { name: 'chatMessage' as const, per: [byUser] };

/** A write's spec: a message, answering the conversation after it. */
const message = (summary: string, schema: z.ZodType) => ({
  summary,
  description: WRITE_DESCRIPTION,
  body: ChatMessageCreateSchema,
  response: { status: 200 as const, description: 'The conversation with the message', schema },
  errors: [409] as const,
  limit: MESSAGE_LIMIT,
});
const read = (schema: z.ZodType) => ({
  summary: 'Mark a conversation read by the caller',
  response: { status: 200 as const, description: 'The conversation, unread 0', schema },
});

/** `/api/user/orders/:id/conversations`: the buyer's conversations with the order's sellers. */
export const userConversationRoutes = (service: ConversationService) =>
  routes('/user/orders', { tag: 'user', access: 'user', verifiedEmail: true })
    .get(
      '/:id/conversations',
      {
        summary: 'The conversations of one of the caller’s orders, one per seller of it',
        description: `A seller nobody wrote to yet has an empty conversation. ${POLLING}`,
        response: {
          status: 200,
          description: 'One conversation per seller',
          schema: BuyerConversationSchema.array(),
        },
      },
      async (c) =>
        jsonWithEtag(c, await service.buyerThreads(currentUser(c).uid, c.req.param('id'))),
    )
    .post(
      '/:id/conversations/:sellerId/messages',
      message('Write to a seller of one of the caller’s orders', BuyerConversationSchema),
      async (c) =>
        c.json(
          await service.buyerWrite(
            currentUser(c).uid,
            c.req.param('id'),
            c.req.param('sellerId'),
            c.req.valid('json'),
          ),
        ),
    )
    .post('/:id/conversations/:sellerId/read', read(BuyerConversationSchema), async (c) =>
      c.json(
        await service.buyerRead(currentUser(c).uid, c.req.param('id'), c.req.param('sellerId')),
      ),
    );

/** `currentUser(c).sellerId`: set for every request past `requireApprovedSeller`. */
const shopOf = (c: Parameters<typeof currentUser>[0]) => currentUser(c).sellerId!;

const sellerConversation = rest(
  ['the caller’s conversations', 'the conversation on one of the caller’s orders'],
  SellerConversationSummarySchema,
);

/** `/api/seller/conversations`: the caller's conversations with buyers, by order id. */
export const sellerConversationRoutes = (service: ConversationService) =>
  routes('/seller/conversations', { tag: 'seller', access: 'seller' })
    .get(
      '/',
      sellerConversation.list({
        filter: ConversationFilterSchema,
        sorts: ['lastMessageAt'],
        description: `${LIST_DESCRIPTION} Never the buyer.`,
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.sellerList(shopOf(c), q, q.filter);
        return listResponse(c, 'conversations', q, rows, total);
      },
    )
    .get(
      '/:id',
      sellerConversation.getOne({
        schema: SellerConversationSchema,
        description: `\`id\`: an order with a line of the caller’s (empty when nobody wrote yet). ${POLLING}`,
      }),
      async (c) => jsonWithEtag(c, await service.sellerGet(shopOf(c), c.req.param('id'))),
    )
    .post(
      '/:id/messages',
      message('Write to the buyer of one of the caller’s orders', SellerConversationSchema),
      async (c) =>
        c.json(
          await service.sellerWrite(
            shopOf(c),
            currentUser(c).uid,
            c.req.param('id'),
            c.req.valid('json'),
          ),
        ),
    )
    .post('/:id/read', read(SellerConversationSchema), async (c) =>
      c.json(await service.sellerRead(shopOf(c), c.req.param('id'))),
    );

const adminConversation = rest(
  ['every conversation', 'a conversation'],
  AdminConversationSummarySchema,
);

/** `/api/admin/conversations`: every conversation; an admin may join it as the marketplace. */
export const adminConversationRoutes = (service: ConversationService) =>
  routes('/admin/conversations', { tag: 'admin', access: 'admin' })
    .get(
      '/',
      adminConversation.list({
        filter: AdminConversationFilterSchema,
        sorts: ['lastMessageAt'],
        description: LIST_DESCRIPTION,
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await service.adminList(q, q.filter);
        return listResponse(c, 'conversations', q, rows, total);
      },
    )
    .get(
      '/:id',
      adminConversation.getOne({ schema: AdminConversationSchema, description: POLLING }),
      async (c) => jsonWithEtag(c, await service.adminGet(c.req.param('id'))),
    )
    .post(
      '/:id/messages',
      message(
        'Write in a conversation as the marketplace (to both parties)',
        AdminConversationSchema,
      ),
      async (c) =>
        c.json(
          await service.adminWrite(currentUser(c).uid, c.req.param('id'), c.req.valid('json')),
        ),
    )
    .post('/:id/read', read(AdminConversationSchema), async (c) =>
      c.json(await service.adminRead(c.req.param('id'))),
    );
