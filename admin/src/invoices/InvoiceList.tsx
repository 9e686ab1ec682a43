import { ChoiceChipField } from '@market/console-kit';
import { INVOICE_KINDS } from '@market/shared';
import {
  Datagrid,
  DateField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';
import { InvoiceDownload } from './InvoiceDownload.tsx';

const kindChoices = INVOICE_KINDS.map((kind) => ({
  id: kind,
  name: `resources.invoices.kinds.${kind}`,
}));

const invoiceFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="2026-000123" />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn />,
  <TextInput key="orderId" source="orderId" />,
];

/** Invoices and credit notes, newest first; found by their number, downloaded as PDF. */
export function InvoiceList() {
  return (
    <List filters={invoiceFilters} sort={{ field: 'issuedAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="number" sortable={false} />
        <ChoiceChipField
          source="kind"
          sortable={false}
          labels="resources.invoices.kinds"
          colors={{ invoice: 'default', credit_note: 'warning' }}
        />
        <DateField source="issuedAt" showTime />
        <TextField source="orderNumber" sortable={false} />
        <TextField source="invoiceNumber" sortable={false} emptyText="—" />
        <TextField source="buyerEmail" sortable={false} />
        <MoneyField source="totalCents" sortable={false} />
        <MoneyField source="vatCents" sortable={false} />
        <InvoiceDownload label="resources.invoices.fields.pdf" />
      </Datagrid>
    </List>
  );
}
