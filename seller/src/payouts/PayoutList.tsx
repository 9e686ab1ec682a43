import { ChoiceChipField, PAYOUT_STATUS_COLORS, payoutStatusFilter } from '@market/console-kit';
import {
  Datagrid,
  DateField,
  List,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { RecordMoneyField } from './RecordMoneyField.tsx';
import { StatementDownload } from './StatementDownload.tsx';

const filters = [payoutStatusFilter];

/** The seller's payouts, newest first, and the statement of a period to download. */
export function PayoutList() {
  return (
    <List
      filters={filters}
      actions={
        <TopToolbar>
          <StatementDownload />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" showTime />
        <RecordMoneyField source="amountCents" />
        <ChoiceChipField source="method" labels="resources.payouts.methods" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.payouts.statuses"
          colors={PAYOUT_STATUS_COLORS}
        />
        <TextField source="reference" emptyText="—" sortable={false} />
        <DateField source="paidAt" showTime emptyText="—" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** One payout: how it was sent and whether it arrived. */
export function PayoutShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="id" />
        <RecordMoneyField source="amountCents" />
        <ChoiceChipField source="method" labels="resources.payouts.methods" />
        <ChoiceChipField
          source="status"
          labels="resources.payouts.statuses"
          colors={PAYOUT_STATUS_COLORS}
        />
        <TextField source="receiver" emptyText="—" />
        <TextField source="batchId" emptyText="—" />
        <TextField source="reference" emptyText="—" />
        <TextField source="failure" emptyText="—" />
        <DateField source="createdAt" showTime />
        <DateField source="paidAt" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
