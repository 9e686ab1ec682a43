import { Stack, Typography } from '@mui/material';
import { ChoiceChipField } from '@market/console-kit';
import { PAYMENT_STATUSES, type AdminOrder, type OrderActor } from '@market/shared';
import {
  ArrayField,
  Datagrid,
  DateField,
  Labeled,
  LinkBase,
  NumberField,
  ReferenceField,
  ReferenceManyField,
  SelectField,
  TextField,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { REFUND_STATUS_COLORS, RefundScopeField } from '../refunds/refund-fields.tsx';
import { MoneyField } from './MoneyField.tsx';
import { ORDER_STATUS_COLORS } from './order-actions.ts';
import { PROVIDER_CHOICES } from './order-filters.tsx';
import { RefundLineButton } from './RefundButton.tsx';

/** Read by `<SimpleShowLayout>` for the section's label. */
interface SectionProps {
  label?: string;
}

const PAYMENT_STATUS_CHOICES = PAYMENT_STATUSES.map((status) => ({
  id: status,
  name: `resources.orders.payment_statuses.${status}`,
}));
const ACTOR_COLORS: Readonly<Record<OrderActor, 'primary' | 'default'>> = {
  Admin: 'primary',
  System: 'default',
};

/** The buyer's email, linking to their account. */
export function BuyerField(_: SectionProps) {
  const order = useRecordContext<AdminOrder>();
  const createPath = useCreatePath();
  if (!order) return null;
  return (
    <LinkBase to={createPath({ resource: 'users', id: order.userId, type: 'show' })}>
      {order.email}
    </LinkBase>
  );
}

/**
 * A line the buyer bought although its key does not activate in their country: which country
 * and when they confirmed it (docs/regions.md); nothing for the others.
 */
function RegionConfirmedField(_: { label?: string; sortable?: boolean }) {
  const item = useRecordContext<AdminOrder['items'][number]>();
  const translate = useTranslate();
  const locale = useLocaleState()[0];
  if (!item?.regionConfirmed) return null;
  return (
    <Typography variant="body2" color="warning.main" data-region-confirmed>
      {translate('resources.orders.region_confirmed', {
        country: item.regionConfirmed.country,
        at: new Date(item.regionConfirmed.at).toLocaleString(locale),
      })}
    </Typography>
  );
}

/** The order's lines: product, seller, quantity, unit price, delivered and refunded, and a refund each. */
export function OrderLines(_: SectionProps) {
  const order = useRecordContext<AdminOrder>();
  if (!order) return null;
  return (
    <ArrayField source="items">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" label="resources.orders.line_fields.name" sortable={false} />
        <ReferenceField
          source="sellerId"
          reference="sellers"
          link="show"
          label="resources.orders.line_fields.sellerId"
          sortable={false}
        />
        <NumberField
          source="quantity"
          label="resources.orders.line_fields.quantity"
          sortable={false}
        />
        <MoneyField
          source="unitPriceCents"
          currency={order.currency}
          label="resources.orders.line_fields.unitPriceCents"
          sortable={false}
        />
        <NumberField
          source="deliveredCount"
          label="resources.orders.line_fields.deliveredCount"
          sortable={false}
        />
        <MoneyField
          source="refundedCents"
          currency={order.currency}
          label="resources.orders.line_fields.refundedCents"
          sortable={false}
        />
        <RegionConfirmedField
          label="resources.orders.line_fields.regionConfirmed"
          sortable={false}
        />
        <RefundLineButton order={order} />
      </Datagrid>
    </ArrayField>
  );
}

/** Subtotal, discount, the VAT the total includes, the total and what went back. */
export function OrderTotals(_: SectionProps) {
  return (
    <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(['subtotal', 'discount', 'vat', 'total'] as const).map((part) => (
        <Labeled key={part} label={`resources.orders.totals.${part}`}>
          <MoneyField source={`totals.${part}`} />
        </Labeled>
      ))}
      <Labeled label="resources.orders.totals.refunded">
        <MoneyField source="refundedCents" />
      </Labeled>
    </Stack>
  );
}

/** How the order was paid: provider, its references, amount and status; or that nothing was. */
export function OrderPayment(_: SectionProps) {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  if (!order) return null;
  if (!order.payment) {
    return <Typography variant="body2">{translate('resources.orders.no_payment')}</Typography>;
  }
  return (
    <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Labeled label="resources.orders.payment_fields.provider">
        <SelectField source="payment.provider" choices={PROVIDER_CHOICES} />
      </Labeled>
      <Labeled label="resources.orders.payment_fields.providerRef">
        <TextField source="payment.providerRef" />
      </Labeled>
      <Labeled label="resources.orders.payment_fields.captureId">
        <TextField source="payment.captureId" emptyText="—" />
      </Labeled>
      <Labeled label="resources.orders.payment_fields.amountCents">
        <MoneyField source="payment.amountCents" />
      </Labeled>
      <Labeled label="resources.orders.payment_fields.status">
        <SelectField source="payment.status" choices={PAYMENT_STATUS_CHOICES} />
      </Labeled>
    </Stack>
  );
}

/** Every decision, oldest first: the status it set, why, who (Admin or System) and when. */
export function OrderDecisions(_: SectionProps) {
  return (
    <ArrayField source="decisions">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <ChoiceChipField
          source="status"
          label="resources.orders.decision_fields.status"
          labels="resources.orders.statuses"
          colors={ORDER_STATUS_COLORS}
          sortable={false}
        />
        <TextField
          source="reason"
          label="resources.orders.decision_fields.reason"
          sortable={false}
        />
        <ChoiceChipField
          source="actor"
          label="resources.orders.decision_fields.actor"
          labels="resources.orders.actors"
          colors={ACTOR_COLORS}
          sortable={false}
        />
        <TextField
          source="actorUid"
          label="resources.orders.decision_fields.actorUid"
          emptyText="—"
          sortable={false}
        />
        <DateField
          source="at"
          label="resources.orders.decision_fields.at"
          showTime
          sortable={false}
        />
      </Datagrid>
    </ArrayField>
  );
}

const ATTRIBUTION_FIELDS = ['awc', 'source', 'channel', 'referrer', 'discountCode'] as const;

/** Where the buyer came from (the tracking cookies), for affiliate reports. */
export function OrderAttribution(_: SectionProps) {
  return (
    <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {ATTRIBUTION_FIELDS.map((field) => (
        <Labeled key={field} label={`resources.orders.attribution_fields.${field}`}>
          <TextField source={`attribution.${field}`} emptyText="—" />
        </Labeled>
      ))}
    </Stack>
  );
}

/** The order's refunds, newest first, with their status (a refused one can be sent again). */
export function OrderRefunds(_: SectionProps) {
  return (
    <ReferenceManyField
      reference="refunds"
      target="orderId"
      sort={{ field: 'createdAt', order: 'DESC' }}
      empty={<RefundsEmpty />}
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateField source="createdAt" showTime sortable={false} />
        <RefundScopeField label="resources.refunds.fields.itemId" />
        <MoneyField source="amountCents" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.refunds.statuses"
          colors={REFUND_STATUS_COLORS}
          sortable={false}
        />
        <TextField source="reason" sortable={false} />
      </Datagrid>
    </ReferenceManyField>
  );
}

function RefundsEmpty() {
  const translate = useTranslate();
  return <Typography variant="body2">{translate('resources.orders.no_refunds')}</Typography>;
}
