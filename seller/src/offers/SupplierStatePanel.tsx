import { formatCents } from '@market/console-kit';
import type { SellerOffer } from '@market/shared';
import { Alert, Stack } from '@mui/material';
import {
  DateField,
  Labeled,
  NumberField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';

/**
 * What the last sync found for a supplier's offer: the supplier's cost and stock, when, and why
 * the sync holds the offer paused (it lifts that pause itself). Nothing for the seller's keys.
 */
export function SupplierStatePanel() {
  const record = useRecordContext<SellerOffer>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const source = record?.source;
  if (source?.kind !== 'supplier') return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {source.pausedBySync && (
        <Alert severity="warning">
          {translate('resources.offers.supplier.paused', {
            reason: translate(`resources.offers.pause_reasons.${source.pausedBySync}`),
          })}
        </Alert>
      )}
      <Stack direction="row" spacing={4}>
        <Labeled label="resources.offers.fields.source.cost">
          <span>{formatCents(source.cost.cents, source.cost.currency, locale)}</span>
        </Labeled>
        <Labeled label="resources.offers.fields.source.supplierQuantity">
          <NumberField source="source.supplierQuantity" />
        </Labeled>
        <Labeled label="resources.offers.fields.source.syncedAt">
          <DateField source="source.syncedAt" showTime />
        </Labeled>
      </Stack>
    </Stack>
  );
}
