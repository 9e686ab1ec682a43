import BlockIcon from '@mui/icons-material/Block';
import { BulkReasonButton, type ConsoleDataProvider } from '@market/console-kit';
import { KEY_REASON_MAX_LENGTH } from '@market/shared';
import { useDataProvider } from 'react-admin';

/**
 * Revokes the selected own keys (optional reason), each through the per-key revoke
 * (`POST /api/seller/keys/:id/revoke`); a key sold meanwhile fails alone.
 */
export function RevokeOwnKeysButton() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return (
    <BulkReasonButton
      label="resources.keys.actions.bulk_revoke"
      icon={<BlockIcon />}
      color="error"
      title="resources.keys.bulk.revoke_title"
      content="resources.keys.revoke.content"
      reason={{
        label: 'resources.keys.revoke.reason',
        minLength: 0,
        maxLength: KEY_REASON_MAX_LENGTH,
      }}
      action={(id, reason) =>
        dataProvider.postAction(`/keys/${encodeURIComponent(String(id))}/revoke`, {
          ...(reason && { reason }),
        })
      }
    />
  );
}
