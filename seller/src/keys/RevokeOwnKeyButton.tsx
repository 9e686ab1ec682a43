import BlockIcon from '@mui/icons-material/Block';
import { ReasonConfirmButton, type ConsoleDataProvider } from '@market/console-kit';
import { KEY_REASON_MAX_LENGTH, type MaskedKey } from '@market/shared';
import { useDataProvider, useRecordContext } from 'react-admin';

/** Revoke, for an own available key: after a confirmation it leaves stock for good. */
export function RevokeOwnKeyButton() {
  const record = useRecordContext<MaskedKey>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  if (record?.status !== 'available') return null;
  return (
    <ReasonConfirmButton
      label="resources.keys.actions.revoke"
      icon={<BlockIcon />}
      color="error"
      title="resources.keys.revoke.title"
      titleOptions={{ masked: record.masked }}
      content="resources.keys.revoke.content"
      reason={{
        label: 'resources.keys.revoke.reason',
        minLength: 0,
        maxLength: KEY_REASON_MAX_LENGTH,
      }}
      action={(reason) =>
        dataProvider.postAction(`/keys/${encodeURIComponent(record.id)}/revoke`, {
          ...(reason && { reason }),
        })
      }
      successMessage="resources.keys.notifications.revoked"
      // The key was sold meanwhile.
      conflictMessage="resources.keys.notifications.conflict"
    />
  );
}
