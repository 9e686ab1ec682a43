import { csvExporter } from '@market/console-kit';
import { REGIONS, SUPPLIER_NAMES, type SellerSupplierConnection } from '@market/shared';
import { Alert, MenuItem, TextField as MuiTextField } from '@mui/material';
import {
  Button,
  Datagrid,
  LinkBase,
  List,
  Loading,
  NullableBooleanInput,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCreatePath,
  useGetList,
  useStore,
  useTranslate,
} from 'react-admin';
import { PLATFORM_CHOICES } from '../products/CatalogueList.tsx';
import { CostField, SupplierPlatformField, SupplierProductNameField } from './catalogue-fields.tsx';
import { ImportCatalogueButton } from './ImportCatalogueButton.tsx';
import { MappingField } from './MappingField.tsx';
import { MapProductButton } from './MapProductButton.tsx';
import { ProposeButton } from './ProposeButton.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const catalogueExporter = csvExporter('supplier-catalogue', [
  'id',
  'supplier',
  'sku',
  'name',
  'platform',
  'region',
  'quantity',
  'cost',
  'mapping.productId',
]);

const REGION_CHOICES = REGIONS.map((id) => ({ id, name: id }));

const catalogueFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="platform" source="platform" choices={PLATFORM_CHOICES} alwaysOn />,
  <SelectInput key="region" source="region" choices={REGION_CHOICES} alwaysOn />,
  <NullableBooleanInput key="inStock" source="inStock" alwaysOn />,
  <NullableBooleanInput key="mapped" source="mapped" alwaysOn />,
];

/** Which connection's catalogue is shown, and its import. */
function CatalogueActions(props: {
  connections: SellerSupplierConnection[];
  connectionId: string;
  onChoose: (id: string) => void;
}) {
  const translate = useTranslate();
  return (
    <TopToolbar sx={{ alignItems: 'flex-start', gap: 2 }}>
      <MuiTextField
        select
        size="small"
        label={translate('resources.supplier-products.fields.connectionId')}
        value={props.connectionId}
        onChange={(event) => props.onChoose(event.target.value)}
        sx={{ minWidth: 220 }}
      >
        {props.connections.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {`${c.label} (${SUPPLIER_NAMES[c.supplier]})`}
          </MenuItem>
        ))}
      </MuiTextField>
      <ImportCatalogueButton connectionId={props.connectionId} />
    </TopToolbar>
  );
}

/** No connection yet: the catalogue comes from one. */
function NoConnection() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Alert
      severity="info"
      sx={{ mt: 2 }}
      action={
        <Button
          component={LinkBase}
          label="resources.supplier-products.empty.connect"
          to={createPath({ resource: 'supplier-connections', type: 'create' })}
        />
      }
    >
      {translate('resources.supplier-products.empty.body')}
    </Alert>
  );
}

/**
 * A connected supplier's catalogue: cost and stock, filters, the suggested marketplace product
 * with a one-click "Confirm", a picker to map to another one, "Propose as new product", and the
 * import that fills it. The connection is chosen above the list (every query names one).
 */
export function SupplierCatalogueList() {
  const { data: connections, isPending } = useGetList<SellerSupplierConnection>(
    'supplier-connections',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' } },
  );
  const [chosen, setChosen] = useStore<string | null>('supplier-catalogue.connectionId', null);
  if (isPending) return <Loading />;
  const connection = connections?.find((c) => c.id === chosen) ?? connections?.[0];
  if (!connection) return <NoConnection />;
  return (
    <List
      filter={{ connectionId: connection.id }}
      filters={catalogueFilters}
      actions={
        <CatalogueActions
          connections={connections ?? []}
          connectionId={connection.id}
          onChoose={setChosen}
        />
      }
      sort={{ field: 'name', order: 'ASC' }}
      exporter={catalogueExporter}
      // A connection never imported has an empty catalogue: the list and its "Import catalogue"
      // stay (react-admin's empty page would hide the actions).
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <SupplierProductNameField label="resources.supplier-products.fields.name" sortBy="name" />
        <SupplierPlatformField label="resources.supplier-products.fields.platform" />
        <TextField source="region" emptyText="—" sortable={false} />
        <NumberField source="quantity" />
        <CostField label="resources.supplier-products.fields.cost" sortBy="cost.cents" />
        <MappingField label="resources.supplier-products.fields.mapping" />
        <MapProductButton />
        <ProposeButton />
      </Datagrid>
    </List>
  );
}
