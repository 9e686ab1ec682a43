import PaidIcon from '@mui/icons-material/Paid';
import SendIcon from '@mui/icons-material/Send';
import { ReasonConfirmButton, errorNotification, useAction } from '@market/console-kit';
import type { Payout, PayoutMethod } from '@market/shared';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/** A payout run now: PayPal payouts sent, or transfer payouts to make by hand. */
export function RunPayoutsButton({ method }: { method: PayoutMethod }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, isPending } = useAction(() => dataProvider.runPayouts({ method }), {
    onSuccess: (result) => {
      notify('resources.payouts.notifications.run', {
        type: 'info',
        messageArgs: { smart_count: result.created },
      });
      refresh();
    },
    onError: (error) => notify(errorNotification(error), { type: 'error' }),
  });
  return (
    <Button
      label={`resources.payouts.actions.run_${method}`}
      disabled={isPending}
      onClick={() => run()}
    >
      <SendIcon />
    </Button>
  );
}

/** A pending bank transfer payout paid: asks the bank's reference first. */
export function MarkPaidButton() {
  const payout = useRecordContext<Payout>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  if (!payout || payout.method !== 'transfer' || payout.status !== 'pending') return null;
  return (
    <ReasonConfirmButton
      label="resources.payouts.actions.mark_paid"
      icon={<PaidIcon />}
      title="resources.payouts.confirm.mark_paid_title"
      content="resources.payouts.confirm.mark_paid_content"
      confirmLabel="resources.payouts.actions.mark_paid"
      reason={{
        label: 'resources.payouts.fields.reference',
        help: 'resources.payouts.confirm.reference_help',
        minLength: 3,
        maxLength: 100,
      }}
      action={(reference) => dataProvider.markPayoutPaid({ id: payout.id, reference })}
      successMessage="resources.payouts.notifications.marked_paid"
      conflictMessage="resources.payouts.notifications.conflict"
    />
  );
}
