import HideIcon from '@mui/icons-material/VisibilityOff';
import { BulkReasonButton } from '@market/console-kit';
import { useDataProvider } from 'react-admin';

/**
 * Hides the selected offers (takes them off the storefront), each through the offer's own update
 * (`PUT /api/admin/offers/:id` with only `status`), after a confirmation.
 */
export function HideOffersButton() {
  const dataProvider = useDataProvider();
  return (
    <BulkReasonButton
      label="resources.offers.actions.bulk_hide"
      icon={<HideIcon />}
      color="error"
      title="resources.offers.bulk.hide_title"
      content="resources.offers.bulk.hide_content"
      action={(id) =>
        dataProvider.update('offers', { id, data: { status: 'hidden' }, previousData: { id } })
      }
    />
  );
}
