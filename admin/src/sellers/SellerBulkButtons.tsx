import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import { BulkReasonButton } from '@market/console-kit';
import { REASON_MAX_LENGTH } from '@market/shared';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

const reason = {
  label: 'resources.sellers.confirm.reason',
  help: 'resources.sellers.confirm.reason_help',
  minLength: 0,
  maxLength: REASON_MAX_LENGTH,
};

/**
 * Approve / reject the selected applications at once, each through the per-seller decision
 * (`POST /api/admin/sellers/:id/approve|reject`); one that is no longer pending fails alone.
 */
export function SellerBulkButtons() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return (
    <>
      <BulkReasonButton
        label="resources.sellers.actions.bulk_approve"
        icon={<ApproveIcon />}
        title="resources.sellers.bulk.approve_title"
        content="resources.sellers.bulk.approve_content"
        reason={reason}
        action={(id, text) =>
          dataProvider.decideSeller({ id: String(id), decision: 'approve', reason: text })
        }
      />
      <BulkReasonButton
        label="resources.sellers.actions.bulk_reject"
        icon={<RejectIcon />}
        color="error"
        title="resources.sellers.bulk.reject_title"
        content="resources.sellers.bulk.reject_content"
        reason={reason}
        action={(id, text) =>
          dataProvider.decideSeller({ id: String(id), decision: 'reject', reason: text })
        }
      />
    </>
  );
}
