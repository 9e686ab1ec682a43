import { ChoiceChipField, csvAmount, csvExporter } from '@market/console-kit';
import { ORDER_STATUSES, type SellerSale } from '@market/shared';
import { Datagrid, DateField, List, NumberField, SelectInput, TextField } from 'react-admin';
import { SALE_STATUS_COLORS, SaleMoneyField } from './sale-fields.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const saleExporter = csvExporter<SellerSale>('sales', [
  'id',
  'createdAt',
  'orderNumber',
  'name',
  'quantity',
  { header: 'unitPrice', value: (sale) => csvAmount(sale.unitPriceCents, sale.currency) },
  {
    header: 'total',
    value: (sale) => csvAmount(sale.unitPriceCents * sale.quantity, sale.currency),
  },
  'status',
  'deliveredCount',
]);

const statusChoices = ORDER_STATUSES.map((status) => ({
  id: status,
  name: `resources.sales.statuses.${status}`,
}));

const saleFilters = [<SelectInput key="status" source="status" choices={statusChoices} alwaysOn />];

/**
 * The seller's order lines, newest first: what sold, for how much, and whether it was delivered.
 * A row opens the sale (keys' states, money, refunds, claims).
 */
export function SaleList() {
  return (
    <List
      filters={saleFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={saleExporter}
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateField source="createdAt" showTime />
        <TextField source="orderNumber" sortable={false} />
        <TextField source="name" sortable={false} />
        <NumberField source="quantity" sortable={false} />
        <SaleMoneyField label="resources.sales.fields.unitPriceCents" sortable={false} />
        <SaleMoneyField label="resources.sales.fields.total" sortable={false} total />
        <ChoiceChipField
          source="status"
          labels="resources.sales.statuses"
          colors={SALE_STATUS_COLORS}
          sortable={false}
        />
        <NumberField source="deliveredCount" sortable={false} />
      </Datagrid>
    </List>
  );
}
