import { csvAmount, csvExporter } from '@market/console-kit';
import type { AdminProduct } from '@market/shared';
import {
  CreateButton,
  Datagrid,
  DeleteButton,
  EditButton,
  List,
  NumberField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  ShowButton,
  TextField,
  TopToolbar,
} from 'react-admin';
import { PriceRangeField } from './PriceRangeField.tsx';
import { CATEGORY_CHOICES, REGION_CHOICES, TYPE_CHOICES } from './product-form.ts';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const productExporter = csvExporter<AdminProduct>('products', [
  'id',
  'name',
  'categoryId',
  'platform',
  'region',
  'type',
  { header: 'minPrice', value: (product) => csvAmount(product.prices.eur?.min, 'eur') },
  { header: 'maxPrice', value: (product) => csvAmount(product.prices.eur?.max, 'eur') },
  'offerCount',
]);

const productFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="categoryId" source="categoryId" choices={CATEGORY_CHOICES} alwaysOn />,
  <ReferenceInput
    key="platform"
    source="platform"
    reference="platforms"
    sort={{ field: 'position', order: 'ASC' }}
    perPage={100}
    alwaysOn
  >
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <SelectInput key="region" source="region" choices={REGION_CHOICES} />,
  <SelectInput key="type" source="type" choices={TYPE_CHOICES} />,
];

function ProductListActions() {
  return (
    <TopToolbar>
      <CreateButton label="resources.products.actions.new" />
    </TopToolbar>
  );
}

/** The catalogue, newest first: search by name in either language and filter; info, edit, delete, new. */
export function ProductList() {
  return (
    <List
      filters={productFilters}
      actions={<ProductListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={productExporter}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name.en" />
        <SelectField source="categoryId" choices={CATEGORY_CHOICES} sortable={false} />
        <TextField source="platform" sortable={false} />
        <TextField source="region" sortable={false} />
        <SelectField source="type" choices={TYPE_CHOICES} sortable={false} />
        <PriceRangeField
          source="prices.eur"
          sortBy="eurMin"
          label="resources.products.fields.eurRange"
        />
        <NumberField source="offerCount" sortable={false} />
        <ShowButton label="resources.products.actions.info" />
        <EditButton label="resources.products.actions.edit" />
        <DeleteButton label="resources.products.actions.delete" mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
