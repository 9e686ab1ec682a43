import ReplayIcon from '@mui/icons-material/Replay';
import { errorNotification, useAction } from '@market/console-kit';
import type { WebhookDelivery } from '@market/shared';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

/** Queues the delivery again (same event id): the job sends it within seconds. */
export function ResendButton() {
  const record = useRecordContext<WebhookDelivery>();
  const dataProvider = useDataProvider<SellerDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, isPending } = useAction((id: string) => dataProvider.resendWebhookDelivery(id), {
    onSuccess: () => {
      notify('resources.webhook-deliveries.notifications.resent', { type: 'success' });
      refresh();
    },
    onError: (error) => notify(errorNotification(error), { type: 'error' }),
  });
  if (!record || record.status === 'pending') return null;
  return (
    <Button
      label="resources.webhook-deliveries.actions.resend"
      disabled={isPending}
      onClick={(event) => {
        // In a list row: resend, do not open the row.
        event.stopPropagation();
        run(record.id);
      }}
    >
      <ReplayIcon />
    </Button>
  );
}
