import ApproveIcon from '@mui/icons-material/CheckCircle';
import HideIcon from '@mui/icons-material/VisibilityOff';
import { ReasonConfirmButton } from '@market/console-kit';
import { REASON_MAX_LENGTH, type AdminReview } from '@market/shared';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/**
 * Approve (a pending or hidden review) and Hide with a reason (a pending or approved one), each
 * after a confirmation. The seller's rating is recomputed by the API.
 */
export function ReviewModerationButtons() {
  const record = useRecordContext<AdminReview>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!record) return null;
  const act = (action: 'approve' | 'hide', body: object) =>
    dataProvider.postAction<AdminReview>(
      `/reviews/${encodeURIComponent(record.id)}/${action}`,
      body,
    );
  return (
    <>
      {record.status !== 'approved' && (
        <ReasonConfirmButton
          label="resources.reviews.actions.approve"
          icon={<ApproveIcon />}
          title="resources.reviews.confirm.approve_title"
          titleOptions={{ name: record.productName }}
          content="resources.reviews.confirm.approve_content"
          action={() => act('approve', {})}
          successMessage="resources.reviews.notifications.approve"
          conflictMessage="resources.reviews.notifications.conflict"
        />
      )}
      {record.status !== 'hidden' && (
        <ReasonConfirmButton
          label="resources.reviews.actions.hide"
          icon={<HideIcon />}
          color="error"
          title="resources.reviews.confirm.hide_title"
          titleOptions={{ name: record.productName }}
          content="resources.reviews.confirm.hide_content"
          reason={{
            label: 'resources.reviews.confirm.reason',
            help: 'resources.reviews.confirm.reason_help',
            minLength: 1,
            maxLength: REASON_MAX_LENGTH,
          }}
          action={(reason) => act('hide', { reason })}
          successMessage="resources.reviews.notifications.hide"
          conflictMessage="resources.reviews.notifications.conflict"
        />
      )}
    </>
  );
}
