import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button as LinkButton } from '@mui/material';
import type { AdminProduct } from '@market/shared';
import {
  ArrayField,
  Datagrid,
  DateField,
  DeleteButton,
  EditButton,
  ImageField,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextArrayField,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PriceRangeField } from './PriceRangeField.tsx';
import { CATEGORY_CHOICES, SHAPE_CHOICES, SIZE_CHOICES, TYPE_CHOICES } from './product-form.ts';
import { ProductTitle } from './ProductTitle.tsx';

/** The storefront's page of a product: `/product/<id>/<slug>`, Italian under `/it`. */
export const storefrontPath = (product: Pick<AdminProduct, 'id' | 'slug'>, italian = false) =>
  `${italian ? '/it' : ''}/product/${product.id}/${product.slug}`;

/** Opens the product's storefront page (same origin as the console) in a new tab. */
function StorefrontLink({ italian = false }: { italian?: boolean }) {
  const record = useRecordContext<AdminProduct>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <LinkButton
      size="small"
      href={storefrontPath(record, italian)}
      target="_blank"
      rel="noopener"
      startIcon={<OpenInNewIcon />}
    >
      {translate(`resources.products.actions.${italian ? 'storefront_it' : 'storefront'}`)}
    </LinkButton>
  );
}

function ProductShowActions() {
  return (
    <TopToolbar>
      <StorefrontLink />
      <StorefrontLink italian />
      <EditButton label="resources.products.actions.edit" />
      <DeleteButton label="resources.products.actions.delete" mutationMode="pessimistic" />
    </TopToolbar>
  );
}

/** A product: both languages, classification, prices from its offers, images and tags. */
export function ProductShow() {
  return (
    <Show title={<ProductTitle />} actions={<ProductShowActions />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="slug" />
        <TextField source="name.en" />
        <TextField source="name.it" emptyText="resources.products.same_as_english" />
        <TextField source="description.en" emptyText="–" />
        <TextField source="description.it" emptyText="–" />
        <SelectField source="categoryId" choices={CATEGORY_CHOICES} />
        <TextField source="brand" />
        <TextField source="platform" />
        <TextField source="region" />
        <SelectField source="type" choices={TYPE_CHOICES} />
        <NumberField
          source="denomination.amount"
          label="resources.products.fields.denomination.amount"
          transform={(cents: number) => cents / 100}
          emptyText="–"
        />
        <TextField source="denomination.currency" emptyText="–" />
        <PriceRangeField source="prices.eur" label="resources.products.fields.eurRange" />
        <PriceRangeField
          currency="usd"
          source="prices.usd"
          label="resources.products.fields.usdRange"
        />
        <PriceRangeField
          currency="gbp"
          source="prices.gbp"
          label="resources.products.fields.gbpRange"
        />
        <NumberField source="offerCount" />
        <ArrayField source="images">
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <ImageField
              source="url"
              label="resources.products.fields.preview"
              sx={{ '& img': { maxWidth: 96, maxHeight: 72, objectFit: 'cover' } }}
            />
            <TextField source="url" />
            <SelectField source="shape" choices={SHAPE_CHOICES} />
            <SelectField source="size" choices={SIZE_CHOICES} />
          </Datagrid>
        </ArrayField>
        <TextArrayField source="tags" />
        <DateField source="createdAt" showTime />
        <DateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
