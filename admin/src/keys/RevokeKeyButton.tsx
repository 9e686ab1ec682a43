import BlockIcon from '@mui/icons-material/Block';
import { ReasonConfirmButton, type ConsoleDataProvider } from '@market/console-kit';
import { KEY_REASON_MAX_LENGTH, REASON_MIN_LENGTH, type MaskedKey } from '@market/shared';
import { useDataProvider, useRecordContext } from 'react-admin';
import { revokeKey } from './key-actions.ts';

/** Revoke, for an available key: a confirmation asking why, then the key leaves stock for good. */
export function RevokeKeyButton() {
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
      confirmLabel="resources.keys.actions.revoke"
      reason={{
        label: 'resources.keys.reveal.reason',
        minLength: REASON_MIN_LENGTH,
        maxLength: KEY_REASON_MAX_LENGTH,
      }}
      action={(reason) => revokeKey(dataProvider, record.id, reason)}
      successMessage="resources.keys.notifications.revoked"
      // The key was sold or revoked meanwhile.
      conflictMessage="resources.keys.notifications.conflict"
    />
  );
}
