import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { unreadConversationsIcon } from '@market/console-kit';
import type { ResourceProps } from 'react-admin';
import { ConversationList } from './ConversationList.tsx';
import { ConversationShow } from './ConversationShow.tsx';

/** The `conversations` resource: every buyer–seller conversation; admins read and join them. */
export default {
  list: ConversationList,
  show: ConversationShow,
  icon: unreadConversationsIcon(ChatIcon),
  recordRepresentation: 'orderNumber',
} satisfies Omit<ResourceProps, 'name'>;
