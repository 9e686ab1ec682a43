import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import { DialogContentText, TextField } from '@mui/material';
import { errorNotification, errorStatus, useAction } from '@market/console-kit';
import type { ProductProposal } from '@market/shared';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/** The longest reason the API takes (ProposalRejectSchema). */
const REASON_MAX_LENGTH = 500;

type Decision = 'approve' | 'reject';

/** Approve / Reject for the pending proposal in context; nothing once it is decided. */
export function ProposalDecisionButtons() {
  const record = useRecordContext<ProductProposal>();
  if (!record || record.status !== 'pending') return null;
  return (
    <>
      <ProposalDecisionButton proposal={record} decision="approve" />
      <ProposalDecisionButton proposal={record} decision="reject" />
    </>
  );
}

/** One decision: a button, then a dialog; a rejection needs a reason, which the seller reads. */
function ProposalDecisionButton({
  proposal,
  decision,
}: {
  proposal: ProductProposal;
  decision: Decision;
}) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const { run, isPending } = useAction(
    (reasonText: string) =>
      dataProvider.postAction<ProductProposal>(
        `/product-proposals/${encodeURIComponent(proposal.id)}/${decision}`,
        decision === 'reject' ? { reason: reasonText.trim() } : {},
      ),
    {
      onSuccess: () => {
        notify(`resources.product-proposals.notifications.${decision}`, { type: 'info' });
        setReason('');
        refresh();
      },
      onError: (error) => {
        // 409: decided meanwhile; show the proposal as it is now.
        if (errorStatus(error) === 409) {
          notify('resources.product-proposals.notifications.conflict', { type: 'warning' });
          refresh();
        } else {
          notify(errorNotification(error), { type: 'error' });
        }
      },
    },
  );
  const missingReason = decision === 'reject' && reason.trim() === '';

  return (
    <>
      <Button
        label={`resources.product-proposals.actions.${decision}`}
        onClick={() => setConfirming(true)}
        disabled={isPending}
        color={decision === 'approve' ? 'primary' : 'error'}
      >
        {decision === 'approve' ? <ApproveIcon /> : <RejectIcon />}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending || missingReason}
        title={`resources.product-proposals.confirm.${decision}_title`}
        titleTranslateOptions={{ name: proposal.name.en }}
        content={
          <>
            <DialogContentText>
              {translate(`resources.product-proposals.confirm.${decision}_content`)}
            </DialogContentText>
            {decision === 'reject' && (
              <TextField
                label={translate('resources.product-proposals.confirm.reason')}
                helperText={translate('resources.product-proposals.confirm.reason_help')}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
                required
                multiline
                minRows={2}
                fullWidth
                margin="normal"
              />
            )}
          </>
        }
        confirmColor={decision === 'approve' ? 'primary' : 'warning'}
        onConfirm={() => {
          setConfirming(false);
          run(reason);
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
