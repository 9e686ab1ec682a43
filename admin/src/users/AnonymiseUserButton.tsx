import PersonOffIcon from '@mui/icons-material/PersonOff';
import { errorNotification, useAction } from '@market/console-kit';
import type { UserInfoFull } from '@market/shared';
import { useState } from 'react';
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
 * "Anonymise" the user in context, after a confirmation: the erasure a buyer's "delete my
 * account" runs (personal data erased, orders kept anonymised, sessions ended), audited. The
 * server refuses sellers and admins (change the role first) and users with an order in progress.
 */
export function AnonymiseUserButton() {
  const record = useRecordContext<UserInfoFull>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const { run, isPending } = useAction((userId: string) => dataProvider.anonymiseUser(userId), {
    onSuccess: () => {
      notify('resources.users.notifications.anonymised', { type: 'info' });
      refresh();
    },
    onError: (error) => notify(errorNotification(error), { type: 'error' }),
  });
  if (!record) return null;
  return (
    <>
      <Button
        label="resources.users.actions.anonymise"
        onClick={() => setConfirming(true)}
        disabled={isPending}
        color="error"
      >
        <PersonOffIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="resources.users.confirm.anonymise_title"
        titleTranslateOptions={{ email: record.email }}
        content="resources.users.confirm.anonymise_content"
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          run(String(record.id));
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
