import type { Db } from 'mongodb';
import type { Logger } from '../../logger.ts';
import type { OrderFacade } from '../orders/orders.facade.ts';
import type { Mails } from '../mails/mails.ts';
import type { SellerFacade } from '../sellers/sellers.facade.ts';
import { createChatNotifier } from './chat-notify.ts';
import { createConversationRepository } from './conversations.repository.ts';
import { createConversationService } from './conversations.service.ts';

/** The live-chat module built on the other modules' facades (one call in `container.ts`). */
export function createConversations(deps: {
  db: Db;
  orders: OrderFacade;
  sellers: SellerFacade;
  mails: Mails;
  log: Logger;
  clock?: () => Date;
}) {
  const now = deps.clock ?? (() => new Date());
  const conversations = createConversationRepository(deps.db);
  const notifier = createChatNotifier({
    ...{ conversations, now },
    mails: deps.mails,
    log: deps.log,
  });
  return createConversationService({
    ...{ conversations, notifier, now },
    orders: deps.orders,
    sellers: deps.sellers,
  });
}
