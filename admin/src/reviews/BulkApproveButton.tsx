import ApproveIcon from '@mui/icons-material/CheckCircle';
import {
  Button,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useUnselectAll,
} from 'react-admin';
import { useState } from 'react';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/** Approves the selected reviews that are pending (`POST /api/admin/reviews/bulk-approve`). */
export function BulkApproveButton() {
  const { selectedIds } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('reviews');
  const [busy, setBusy] = useState(false);

  const approve = async () => {
    setBusy(true);
    try {
      const { approved } = await dataProvider.postAction<{ approved: string[] }>(
        '/reviews/bulk-approve',
        { ids: selectedIds },
      );
      notify('resources.reviews.notifications.bulk_approve', {
        type: 'success',
        messageArgs: { smart_count: approved.length },
      });
      unselectAll();
      refresh();
    } catch {
      notify('resources.reviews.notifications.bulk_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label="resources.reviews.actions.bulk_approve"
      disabled={busy}
      onClick={() => void approve()}
    >
      <ApproveIcon />
    </Button>
  );
}
