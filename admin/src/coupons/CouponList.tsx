import { ChoiceChipField, csvExporter, pricesColumn } from '@market/console-kit';
import {
  BooleanField,
  Datagrid,
  DateField,
  DeleteButton,
  List,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  TextField,
} from 'react-admin';
import { CouponDiscountField } from './CouponDiscountField.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const couponExporter = csvExporter('coupons', [
  'id',
  'code',
  'kind',
  'percentBps',
  pricesColumn('amounts'),
  'validFrom',
  'validUntil',
  'usedCount',
  'usageLimit',
  'active',
]);

const couponFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" alwaysOn />,
];

/** Every coupon, newest first: its discount, validity and uses; a row opens it for editing. */
export function CouponList() {
  return (
    <List
      filters={couponFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={couponExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="code" />
        <ChoiceChipField source="kind" labels="resources.coupons.kinds" sortable={false} />
        <CouponDiscountField label="resources.coupons.fields.discount" sortable={false} />
        <DateField source="validFrom" showTime emptyText="—" sortable={false} />
        <DateField source="validUntil" showTime emptyText="—" />
        <NumberField source="usedCount" />
        <NumberField source="usageLimit" sortable={false} emptyText="∞" />
        <BooleanField source="active" sortable={false} />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
