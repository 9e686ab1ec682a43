import type { ChipProps } from '@mui/material';
import { ChoiceChipField, csvExporter } from '@market/console-kit';
import {
  SUPPLIER_IDS,
  SUPPLIER_NAMES,
  SUPPLIER_PURCHASE_STATUSES,
  type AdminSupplierPurchase,
  type SupplierPurchaseStatus,
} from '@market/shared';
import type { MouseEvent } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  LinkBase,
  List,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  useCreatePath,
  useRecordContext,
} from 'react-admin';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const purchaseExporter = csvExporter('supplier-purchases', [
  'id',
  'createdAt',
  'supplier',
  'clientRef',
  'orderId',
  'sellerId',
  'sku',
  'quantity',
  'unitPrice',
  'status',
  'codeCount',
  'error.code',
]);

const STATUS_COLORS: Readonly<Record<SupplierPurchaseStatus, ChipProps['color']>> = {
  requested: 'info',
  pending: 'warning',
  stored: 'success',
  failed: 'error',
};

const statusChoices = SUPPLIER_PURCHASE_STATUSES.map((status) => ({
  id: status,
  name: `resources.supplier-purchases.statuses.${status}`,
}));
const supplierChoices = SUPPLIER_IDS.map((id) => ({ id, name: SUPPLIER_NAMES[id] }));

const filters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="supplier" source="supplier" choices={supplierChoices} alwaysOn />,
  <TextInput key="orderId" source="orderId" />,
  <TextInput key="sellerId" source="sellerId" />,
];

interface FieldProps {
  label?: string;
  sortable?: boolean;
}

/** The order the unit was bought for, linking to it; "restock" for a seller's stocked buy. */
function PurchaseOrderField(_: FieldProps) {
  const purchase = useRecordContext<AdminSupplierPurchase>();
  const createPath = useCreatePath();
  if (!purchase) return null;
  if (!purchase.orderId) return <>—</>;
  return (
    <LinkBase
      to={createPath({ resource: 'orders', id: purchase.orderId, type: 'show' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {purchase.orderId}
    </LinkBase>
  );
}

/** What a unit cost at the supplier, in its currency. */
function UnitPriceField(_: FieldProps) {
  const purchase = useRecordContext<AdminSupplierPurchase>();
  const price = purchase?.unitPrice;
  if (!price) return <>—</>;
  return (
    <>
      {(price.cents / 100).toLocaleString(undefined, {
        style: 'currency',
        currency: price.currency.toUpperCase(),
      })}
    </>
  );
}

/**
 * Every purchase at a supplier, newest first: our clientRef, the order it served, what it cost,
 * where it stands and how many codes reached the vault. Codes themselves are never shown here.
 */
export function SupplierPurchaseList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={purchaseExporter}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" showTime />
        <FunctionField<AdminSupplierPurchase>
          source="supplier"
          render={(purchase) => SUPPLIER_NAMES[purchase.supplier]}
        />
        <TextField source="clientRef" />
        <PurchaseOrderField label="resources.supplier-purchases.fields.orderId" sortable={false} />
        <TextField source="sku" sortable={false} />
        <NumberField source="quantity" sortable={false} />
        <UnitPriceField label="resources.supplier-purchases.fields.unitPrice" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.supplier-purchases.statuses"
          colors={STATUS_COLORS}
        />
        <NumberField source="codeCount" sortable={false} />
        <TextField source="error.code" sortable={false} emptyText="" />
      </Datagrid>
    </List>
  );
}
