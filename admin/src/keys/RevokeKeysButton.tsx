import BlockIcon from '@mui/icons-material/Block';
import { BulkReasonButton, type ConsoleDataProvider } from '@market/console-kit';
import { KEY_REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '@market/shared';
import { useDataProvider } from 'react-admin';
import { revokeKey } from './key-actions.ts';

/**
 * Revokes the selected keys with one reason (kept in the audit log for each), each through the
 * per-key revoke; a key sold or revoked meanwhile fails alone.
 */
export function RevokeKeysButton() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return (
    <BulkReasonButton
      label="resources.keys.actions.bulk_revoke"
      icon={<BlockIcon />}
      color="error"
      title="resources.keys.bulk.revoke_title"
      content="resources.keys.revoke.content"
      confirmLabel="resources.keys.actions.revoke"
      reason={{
        label: 'resources.keys.reveal.reason',
        minLength: REASON_MIN_LENGTH,
        maxLength: KEY_REASON_MAX_LENGTH,
      }}
      action={(id, reason) => revokeKey(dataProvider, id, reason)}
    />
  );
}
