import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import { ReasonConfirmButton } from '@market/console-kit';
import { REASON_MAX_LENGTH, type ProductProposal } from '@market/shared';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/**
 * Approve / Reject for the pending proposal in context, each after a confirmation; a rejection
 * needs a reason, which the seller reads. Nothing once it is decided.
 */
export function ProposalDecisionButtons() {
  const record = useRecordContext<ProductProposal>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!record || record.status !== 'pending') return null;
  const decide = (decision: 'approve' | 'reject', body: object) =>
    dataProvider.postAction<ProductProposal>(
      `/product-proposals/${encodeURIComponent(record.id)}/${decision}`,
      body,
    );
  return (
    <>
      <ReasonConfirmButton
        label="resources.product-proposals.actions.approve"
        icon={<ApproveIcon />}
        title="resources.product-proposals.confirm.approve_title"
        titleOptions={{ name: record.name.en }}
        content="resources.product-proposals.confirm.approve_content"
        action={() => decide('approve', {})}
        successMessage="resources.product-proposals.notifications.approve"
        // Decided meanwhile.
        conflictMessage="resources.product-proposals.notifications.conflict"
      />
      <ReasonConfirmButton
        label="resources.product-proposals.actions.reject"
        icon={<RejectIcon />}
        color="error"
        title="resources.product-proposals.confirm.reject_title"
        titleOptions={{ name: record.name.en }}
        content="resources.product-proposals.confirm.reject_content"
        reason={{
          label: 'resources.product-proposals.confirm.reason',
          help: 'resources.product-proposals.confirm.reason_help',
          minLength: 1,
          maxLength: REASON_MAX_LENGTH,
        }}
        action={(reason) => decide('reject', { reason })}
        successMessage="resources.product-proposals.notifications.reject"
        conflictMessage="resources.product-proposals.notifications.conflict"
      />
    </>
  );
}
