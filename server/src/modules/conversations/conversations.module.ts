import type { ModuleDeclaration } from '../../runtime/module.ts';
import { conversationIndexes } from './conversations.repository.ts';
import {
  adminConversationRoutes,
  sellerConversationRoutes,
  userConversationRoutes,
} from './conversations.routes.ts';
import type { ConversationService } from './conversations.service.ts';

/** Live chat: buyer–seller conversations per order and seller, admins may join. */
export const conversationsModule = (given: {
  service: ConversationService;
}): ModuleDeclaration => ({
  name: 'conversations',
  indexes: { conversations: conversationIndexes },
  routes: () => [
    userConversationRoutes(given.service),
    sellerConversationRoutes(given.service),
    adminConversationRoutes(given.service),
  ],
});
