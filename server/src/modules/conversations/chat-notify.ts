import type { ChatAuthor } from '@market/shared';
import type { Logger } from '../../logger.ts';
import type { Mails } from '../mails/mails.ts';
import { chatMessageMail } from '../mails/templates.ts';
import type {
  ChatRecipient,
  ConversationDoc,
  ConversationRepository,
} from './conversations.repository.ts';

/** After a mail about a conversation, its recipient gets no other for this long. */
export const CHAT_MAIL_QUIET_MS = 10 * 60_000;

/** Who is mailed about a message by `author`: the other party (both for the marketplace). */
const RECIPIENTS_OF: Record<ChatAuthor, ChatRecipient[]> = {
  buyer: ['seller'],
  seller: ['buyer'],
  marketplace: ['buyer', 'seller'],
};

/**
 * Mails the other party of a conversation about a new message (`chat-message` kind), at most
 * once per conversation and recipient every CHAT_MAIL_QUIET_MS: a burst of messages is one
 * mail. The right to mail is claimed (a conditional update) before sending, so of racing
 * messages one mails, and a crash in between loses a reminder, never the message.
 */
export function createChatNotifier(deps: {
  conversations: Pick<ConversationRepository, 'claimNotification'>;
  mails: Mails;
  log: Logger;
  now: () => Date;
}) {
  async function mail(conversation: ConversationDoc, to: ChatRecipient) {
    const orderId = conversation.orderId.toHexString();
    const number = conversation.orderNumber;
    if (to === 'seller') {
      await deps.mails.toSeller(conversation.sellerId, chatMessageMail, {
        number,
        where: 'chatMessage.console',
        link: deps.mails.link(`/seller/conversations/${orderId}/show`),
      });
      return;
    }
    await deps.mails.send(
      { email: conversation.buyerEmail, uid: conversation.buyerUid },
      chatMessageMail,
      { number, where: 'chatMessage.account', link: deps.mails.link(`/account?order=${orderId}`) },
    );
  }

  return {
    /** Tells the other party of `conversation` (as it is after `author`'s message). */
    async messageAdded(conversation: ConversationDoc, author: ChatAuthor): Promise<void> {
      const at = deps.now();
      const quietSince = new Date(at.getTime() - CHAT_MAIL_QUIET_MS);
      for (const to of RECIPIENTS_OF[author]) {
        try {
          if (await deps.conversations.claimNotification(conversation._id, to, at, quietSince)) {
            await mail(conversation, to);
          }
        } catch (err) {
          // The message is stored and answered; a lost reminder must not fail it.
          deps.log.error({ err, conversationId: conversation._id, to }, 'chat mail not sent');
        }
      }
    },
  };
}
export type ChatNotifier = ReturnType<typeof createChatNotifier>;
