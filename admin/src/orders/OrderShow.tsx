import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import KeyIcon from '@mui/icons-material/VpnKey';
import { ChoiceChipField, RelatedListButton } from '@market/console-kit';
import { DateField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ORDER_STATUS_COLORS } from './order-actions.ts';
import {
  BuyerField,
  OrderAttribution,
  OrderDecisions,
  OrderLines,
  OrderPayment,
  OrderRefunds,
  OrderTotals,
} from './order-sections.tsx';
import { OrderDecisionButtons } from './OrderDecisionButtons.tsx';
import { OrderTitle } from './OrderTitle.tsx';
import { OrderTax } from './OrderTax.tsx';
import { RefreshPaymentButton } from './RefreshPaymentButton.tsx';
import { RefundOrderButton } from './RefundButton.tsx';

const actions = (
  <TopToolbar>
    <OrderDecisionButtons />
    <RefundOrderButton />
    <RefreshPaymentButton />
    <RelatedListButton
      reference="keys"
      target="orderId"
      label="resources.orders.actions.keys"
      icon={<KeyIcon />}
    />
    <RelatedListButton
      reference="conversations"
      target="orderId"
      label="resources.orders.actions.conversations"
      icon={<ChatIcon />}
    />
  </TopToolbar>
);

/**
 * One order for support and review: its lines, totals, payment, every decision and where the
 * buyer came from; the decisions its status allows, refunds, a payment refresh, its keys and its conversations.
 */
export function OrderShow() {
  return (
    <Show title={<OrderTitle />} actions={actions}>
      <SimpleShowLayout>
        <TextField source="number" />
        <ChoiceChipField
          source="status"
          labels="resources.orders.statuses"
          colors={ORDER_STATUS_COLORS}
        />
        <DateField source="createdAt" showTime />
        <BuyerField label="resources.orders.fields.email" />
        <TextField source="couponCode" emptyText="—" />
        <DateField source="reservationExpiresAt" showTime emptyText="—" />
        <DateField source="accountPurchaseConfirmedAt" showTime emptyText="—" />
        <TextField source="ip" emptyText="—" />
        <OrderLines label="resources.orders.fields.items" />
        <OrderTotals label="resources.orders.fields.totals" />
        <OrderTax label="resources.orders.fields.tax" />
        <OrderPayment label="resources.orders.fields.payment" />
        <OrderRefunds label="resources.orders.fields.refunds" />
        <OrderDecisions label="resources.orders.fields.decisions" />
        <OrderAttribution label="resources.orders.fields.attribution" />
      </SimpleShowLayout>
    </Show>
  );
}
