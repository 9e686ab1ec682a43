import { csvAmount, csvExporter } from '@market/console-kit';
import { CATEGORY_IDS, PLATFORMS, type SellerCatalogueProduct } from '@market/shared';
import {
  Datagrid,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SellButton } from './SellButton.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const catalogueExporter = csvExporter<SellerCatalogueProduct>('products', [
  'id',
  'name',
  'categoryId',
  'platform',
  'region',
  { header: 'fromPrice', value: (product) => csvAmount(product.prices.eur?.min, 'eur') },
]);

export const CATEGORY_CHOICES = CATEGORY_IDS.map((id) => ({
  id,
  name: `resources.products.categories.${id}`,
}));
export const PLATFORM_CHOICES = PLATFORMS.map((p) => ({ id: p.slug, name: p.name }));

const catalogueFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="categoryId" source="categoryId" choices={CATEGORY_CHOICES} alwaysOn />,
  <SelectInput key="platform" source="platform" choices={PLATFORM_CHOICES} alwaysOn />,
];

/** The lowest live EUR price on the marketplace, or "no offers yet". */
function FromPriceField(_props: { label?: string }) {
  const record = useRecordContext<SellerCatalogueProduct>();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const eur = record?.prices.eur;
  if (!record) return null;
  if (!eur) return <>{translate('resources.products.no_offers')}</>;
  return (
    <>
      {new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(eur.min / 100)}
    </>
  );
}

/** The catalogue to sell on: search by name, filter, and sell a product (or edit one's offer). */
export function CatalogueList() {
  return (
    <List
      filters={catalogueFilters}
      sort={{ field: 'name.en', order: 'ASC' }}
      exporter={catalogueExporter}
      actions={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" sortBy="name.en" />
        <SelectField source="categoryId" choices={CATEGORY_CHOICES} sortable={false} />
        <SelectField source="platform" choices={PLATFORM_CHOICES} sortable={false} />
        <TextField source="region" sortable={false} />
        <FromPriceField label="resources.products.fields.fromPrice" />
        <SellButton />
      </Datagrid>
    </List>
  );
}
