import { ChoiceChipField, csvAmount, csvExporter } from '@market/console-kit';
import { CURRENCIES, SELLER_REFUND_TYPES, type SellerRefund } from '@market/shared';
import { Datagrid, DateField, DateInput, List, SelectInput, TextField } from 'react-admin';
import { RecordMoneyField } from '../payouts/RecordMoneyField.tsx';

const REFUND_TYPE_COLORS = { refund: 'warning', chargeback: 'error' } as const;

/** CSV of what the list shows (its current filter and sort). */
const refundExporter = csvExporter<SellerRefund>('refunds', [
  'at',
  'orderNumber',
  'name',
  'type',
  'currency',
  { header: 'gross', value: (r) => csvAmount(r.grossCents, r.currency) },
  { header: 'commission', value: (r) => csvAmount(r.commissionCents, r.currency) },
  { header: 'net', value: (r) => csvAmount(r.netCents, r.currency) },
  'reason',
]);

const refundFilters = [
  <SelectInput
    key="type"
    source="type"
    choices={SELLER_REFUND_TYPES.map((t) => ({ id: t, name: `resources.refunds.types.${t}` }))}
    alwaysOn
  />,
  <SelectInput
    key="currency"
    source="currency"
    choices={CURRENCIES.map((c) => ({ id: c, name: c.toUpperCase() }))}
    alwaysOn
  />,
  <DateInput key="from" source="from" alwaysOn />,
  <DateInput key="to" source="to" alwaysOn />,
];

/**
 * The seller's lines given back to buyers, newest first: refunds (an admin's, or the seller's
 * answer to a claim) and chargebacks, with what each took from the balance. A row opens its sale.
 */
export function RefundList() {
  return (
    <List filters={refundFilters} sort={{ field: 'at', order: 'DESC' }} exporter={refundExporter}>
      <Datagrid
        bulkActionButtons={false}
        rowClick={(_id, _resource, record) => `/sales/${(record as SellerRefund).saleId}/show`}
      >
        <DateField source="at" showTime />
        <TextField source="orderNumber" sortable={false} />
        <TextField source="name" sortable={false} />
        <ChoiceChipField
          source="type"
          labels="resources.refunds.types"
          colors={REFUND_TYPE_COLORS}
          sortable={false}
        />
        <RecordMoneyField source="grossCents" sortable={false} />
        <RecordMoneyField source="commissionCents" sortable={false} />
        <RecordMoneyField source="netCents" sortable={false} />
        <TextField source="reason" emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}
