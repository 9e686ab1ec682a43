import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { errorNotification, formatCents, useAction } from '@market/console-kit';
import type { SellerSupplierConnection } from '@market/shared';
import {
  Button,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

/**
 * Asks the supplier for the account's balance with the stored credentials, says what it found
 * and refreshes the page, which shows the outcome (status, balance, last error).
 */
export function TestConnectionButton() {
  const record = useRecordContext<SellerSupplierConnection>();
  const dataProvider = useDataProvider<SellerDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const { run, isPending } = useAction((id: string) => dataProvider.testSupplierConnection(id), {
    onSuccess: ({ lastCheck }) => {
      if (lastCheck?.ok && lastCheck.balance) {
        const { cents, currency } = lastCheck.balance;
        notify('resources.supplier-connections.notifications.ok', {
          type: 'success',
          messageArgs: { balance: formatCents(cents, currency, locale) },
        });
      } else {
        notify('resources.supplier-connections.notifications.failing', {
          type: 'error',
          messageArgs: { error: lastCheck?.error ?? '' },
        });
      }
      refresh();
    },
    onError: (error) => notify(errorNotification(error), { type: 'error' }),
  });
  if (!record) return null;
  return (
    <Button
      label="resources.supplier-connections.actions.test"
      disabled={isPending}
      onClick={(event) => {
        // In a list row: test, do not open the row.
        event.stopPropagation();
        run(record.id);
      }}
    >
      <NetworkCheckIcon />
    </Button>
  );
}
