import { Alert, Stack, Typography } from '@mui/material';
import type { AdminOrder } from '@market/shared';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';

/**
 * Where the order's VAT is due and the evidence (docs/vat.md): the billing country the buyer
 * stated, the payment instrument's country the provider reported, the address's; the rates its
 * lines paid; and a warning when the evidence disagrees (the order was held for review). Orders
 * placed before VAT followed the buyer have no tax record: they paid the shop's rate.
 */
export function OrderTax(_: { label?: string }) {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  if (!order) return null;
  const rates = [...new Set(order.items.map((i) => i.vatRateBps))]
    .map((bps) => `${bps / 100} %`)
    .join(', ');
  const tax = order.tax;
  const none = '—';
  return (
    <Stack spacing={1} data-order-tax>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Labeled label="resources.orders.tax.country">
          <Typography variant="body2">
            {tax ? (tax.country ?? translate('resources.orders.tax.outside_eu')) : none}
          </Typography>
        </Labeled>
        <Labeled label="resources.orders.tax.rates">
          <Typography variant="body2">{rates}</Typography>
        </Labeled>
        {tax && (
          <>
            <Labeled label="resources.orders.tax.billing">
              <Typography variant="body2">{tax.evidence.billing}</Typography>
            </Labeled>
            <Labeled label="resources.orders.tax.payment">
              <Typography variant="body2">{tax.evidence.payment ?? none}</Typography>
            </Labeled>
            <Labeled label="resources.orders.tax.address">
              <Typography variant="body2">{tax.evidence.address ?? none}</Typography>
            </Labeled>
          </>
        )}
      </Stack>
      {tax?.conflict && (
        <Alert severity="warning">{translate('resources.orders.tax.conflict')}</Alert>
      )}
      {!tax && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.orders.tax.before')}
        </Typography>
      )}
    </Stack>
  );
}
