import MailIcon from '@mui/icons-material/MarkEmailUnread';
import { errorNotification, useAction } from '@market/console-kit';
import type { UserInfoFull } from '@market/shared';
import { Button, useDataProvider, useNotify, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';
import { fullName } from './user-fields.ts';

/** Sends the user in context the email verification mail again; hidden once verified. */
export function SendVerificationButton() {
  const record = useRecordContext<UserInfoFull>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const { run, isPending } = useAction(
    (email: string, name: string) => dataProvider.sendVerify({ email, name }),
    {
      onSuccess: () =>
        notify('resources.users.notifications.verification_sent', {
          type: 'info',
          messageArgs: { email: record?.email },
        }),
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );
  if (!record || record.emailVerified) return null;
  return (
    <Button
      label="resources.users.actions.send_verification"
      onClick={() => run(record.email, fullName(record))}
      disabled={isPending}
    >
      <MailIcon />
    </Button>
  );
}
