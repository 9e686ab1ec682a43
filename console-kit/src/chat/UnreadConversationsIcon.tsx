import { Badge, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { useGetList } from 'react-admin';

/** How often the menu asks how many conversations wait for the caller. */
const POLL_MS = 30_000;

/**
 * The `conversations` resource's menu icon, with a badge counting the conversations holding
 * messages the caller has not read (the list's `unread` filter; only its total is read).
 */
export function unreadConversationsIcon(Icon: ComponentType<SvgIconProps>) {
  return function UnreadConversationsIcon(props: SvgIconProps) {
    const { total } = useGetList(
      'conversations',
      { filter: { unread: true }, pagination: { page: 1, perPage: 1 } },
      { refetchInterval: POLL_MS },
    );
    return (
      <Badge badgeContent={total ?? 0} color="error" max={99} data-testid="unread-conversations">
        <Icon {...props} />
      </Badge>
    );
  };
}
