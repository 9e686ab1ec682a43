import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { errorNotification, useAction } from '@market/console-kit';
import type { UserInfoFull } from '@market/shared';
import { useState, type MouseEvent } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/**
 * "Block" (or "Unblock") the user in context, after a confirmation. Blocking also ends the
 * user's sessions (the server revokes them). Usable in a list row: clicks do not open the row.
 */
export function ToggleBlockedButton() {
  const record = useRecordContext<UserInfoFull>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const { run, isPending } = useAction(
    (userId: string, blocked: boolean) => dataProvider.editUser({ userId, blocked }),
    {
      onSuccess: (user) => {
        notify(
          user.blocked
            ? 'resources.users.notifications.blocked'
            : 'resources.users.notifications.unblocked',
          { type: 'info' },
        );
        refresh();
      },
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );
  if (!record) return null;

  const block = !record.blocked;
  const action = block ? 'block' : 'unblock';
  const open = (event: MouseEvent) => {
    event.stopPropagation();
    setConfirming(true);
  };
  return (
    <>
      <Button
        label={`resources.users.actions.${action}`}
        onClick={open}
        disabled={isPending}
        color={block ? 'error' : 'primary'}
      >
        {block ? <BlockIcon /> : <LockOpenIcon />}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={`resources.users.confirm.${action}_title`}
        titleTranslateOptions={{ email: record.email }}
        content={`resources.users.confirm.${action}_content`}
        confirmColor={block ? 'warning' : 'primary'}
        onConfirm={() => {
          setConfirming(false);
          run(String(record.id), block);
        }}
        onClose={(event) => {
          event.stopPropagation();
          setConfirming(false);
        }}
      />
    </>
  );
}
