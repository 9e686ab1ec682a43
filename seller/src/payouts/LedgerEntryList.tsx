import { ChoiceChipField } from '@market/console-kit';
import { LEDGER_ENTRY_TYPES } from '@market/shared';
import { Datagrid, DateField, FunctionField, List, SelectInput, TextField } from 'react-admin';
import { RecordMoneyField } from './RecordMoneyField.tsx';

const ENTRY_STATUS_COLORS = { pending: 'warning', available: 'success', held: 'default' } as const;

const filters = [
  <SelectInput
    key="type"
    source="type"
    choices={LEDGER_ENTRY_TYPES.map((t) => ({
      id: t,
      name: `resources.ledger-entries.types.${t}`,
    }))}
    alwaysOn
  />,
];

/**
 * Every movement of the seller's balance, newest first: each sale with the commission rule in
 * force when it sold (rate and fixed fee) and what it credited, each refund or chargeback with
 * what it took back; pending until the holdback ends.
 */
export function LedgerEntryList() {
  return (
    <List filters={filters} sort={{ field: 'at', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="at" showTime />
        <ChoiceChipField source="type" labels="resources.ledger-entries.types" sortable={false} />
        <TextField source="orderId" sortable={false} />
        <RecordMoneyField source="grossCents" sortable={false} />
        <RecordMoneyField source="sellerDiscountCents" sortable={false} />
        <FunctionField
          source="rateBps"
          sortable={false}
          render={(r: { rateBps: number }) => `${(r.rateBps / 100).toFixed(2)} %`}
        />
        <RecordMoneyField source="feeCents" sortable={false} />
        <RecordMoneyField source="commissionCents" sortable={false} />
        <RecordMoneyField source="netCents" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.ledger-entries.statuses"
          colors={ENTRY_STATUS_COLORS}
          sortable={false}
        />
        <DateField source="availableAt" sortable={false} />
      </Datagrid>
    </List>
  );
}
