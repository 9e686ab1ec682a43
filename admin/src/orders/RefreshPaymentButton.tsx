import RefreshIcon from '@mui/icons-material/Sync';
import { errorNotification, useAction } from '@market/console-kit';
import type { AdminOrder } from '@market/shared';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/**
 * Asks the payment provider about the order's payment again (a lost webhook, a buyer who never
 * came back): a payment found captured is settled as if the buyer had returned.
 */
export function RefreshPaymentButton() {
  const order = useRecordContext<AdminOrder>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, isPending } = useAction((id: string) => dataProvider.refreshOrder({ id }), {
    onSuccess: () => {
      notify('resources.orders.notifications.refresh', { type: 'info' });
      refresh();
    },
    onError: (error) => notify(errorNotification(error), { type: 'error' }),
  });
  if (!order?.payment) return null;
  return (
    <Button
      label="resources.orders.actions.refresh"
      disabled={isPending}
      onClick={() => run(order.id)}
    >
      <RefreshIcon />
    </Button>
  );
}
