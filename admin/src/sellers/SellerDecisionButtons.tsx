import ApproveIcon from '@mui/icons-material/CheckCircle';
import RejectIcon from '@mui/icons-material/Cancel';
import SuspendIcon from '@mui/icons-material/PauseCircle';
import { DialogContentText, TextField } from '@mui/material';
import { errorNotification, errorStatus, useAction } from '@market/console-kit';
import type { Seller, SellerDecision } from '@market/shared';
import { useState, type ReactElement } from 'react';
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
import { sellerDecisionsFrom } from './seller-decisions.ts';

/** The longest reason the API takes (SellerDecisionSchema). */
const REASON_MAX_LENGTH = 500;

const ICONS: Record<SellerDecision, ReactElement> = {
  approve: <ApproveIcon />,
  reject: <RejectIcon />,
  suspend: <SuspendIcon />,
};

/** Approve / Reject / Suspend for the seller in context: only the decisions its status allows. */
export function SellerDecisionButtons() {
  const record = useRecordContext<Seller>();
  if (!record) return null;
  return (
    <>
      {sellerDecisionsFrom(record.status).map((decision) => (
        <SellerDecisionButton key={decision} seller={record} decision={decision} />
      ))}
    </>
  );
}

interface SellerDecisionButtonProps {
  seller: Seller;
  decision: SellerDecision;
}

/** One decision: a button, then a dialog asking for an optional reason before it is sent. */
function SellerDecisionButton({ seller, decision }: SellerDecisionButtonProps) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const { run, isPending } = useAction(
    (reasonText: string) =>
      dataProvider.decideSeller({ id: seller.id, decision, reason: reasonText.trim() }),
    {
      onSuccess: () => {
        notify(`resources.sellers.notifications.${decision}`, { type: 'info' });
        setReason('');
        refresh();
      },
      onError: (error) => {
        // 409: someone else decided meanwhile; show the seller as it is now.
        if (errorStatus(error) === 409) {
          notify('resources.sellers.notifications.conflict', { type: 'warning' });
          refresh();
        } else {
          notify(errorNotification(error), { type: 'error' });
        }
      },
    },
  );

  return (
    <>
      <Button
        label={`resources.sellers.actions.${decision}`}
        onClick={() => setConfirming(true)}
        disabled={isPending}
        color={decision === 'approve' ? 'primary' : 'error'}
      >
        {ICONS[decision]}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title={`resources.sellers.confirm.${decision}_title`}
        titleTranslateOptions={{ name: seller.name }}
        content={
          <>
            <DialogContentText>
              {translate(`resources.sellers.confirm.${decision}_content`)}
            </DialogContentText>
            <TextField
              label={translate('resources.sellers.confirm.reason')}
              helperText={translate('resources.sellers.confirm.reason_help')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
              multiline
              minRows={2}
              fullWidth
              margin="normal"
            />
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
