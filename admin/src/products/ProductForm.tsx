import { centsToInput, inputToCents } from '@market/console-kit';
import {
  ArrayInput,
  FormDataConsumer,
  FormTab,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextArrayInput,
  TextInput,
  required,
} from 'react-admin';
import {
  CATEGORY_CHOICES,
  CURRENCY_CHOICES,
  REGION_CHOICES,
  SHAPE_CHOICES,
  SIZE_CHOICES,
  TYPE_CHOICES,
  validateProduct,
} from './product-form.ts';
import { ProductImageUpload } from './ProductImageUpload.tsx';

/** The face value inputs, shown only while the type is gift card. */
function DenominationInputs() {
  return (
    <FormDataConsumer<{ type?: string }>>
      {({ formData }) => (formData.type === 'giftcard' ? <GiftCardInputs /> : null)}
    </FormDataConsumer>
  );
}

function GiftCardInputs() {
  return (
    <>
      <NumberInput
        source="denomination.amount"
        format={centsToInput}
        parse={inputToCents}
        validate={required()}
        step={0.01}
        min={0}
        helperText="resources.products.help.denomination"
      />
      <SelectInput
        source="denomination.currency"
        choices={CURRENCY_CHOICES}
        validate={required()}
      />
    </>
  );
}

/** Create and edit: a tab per language, the classification, images and tags. */
export function ProductForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  return (
    <TabbedForm validate={validateProduct} defaultValues={defaultValues}>
      <FormTab label="resources.products.tabs.english">
        <TextInput source="name.en" validate={required()} fullWidth />
        <TextInput source="description.en" multiline minRows={3} fullWidth />
        <TextInput source="slug" helperText="resources.products.help.slug" fullWidth />
      </FormTab>
      <FormTab label="resources.products.tabs.italian">
        <TextInput source="name.it" helperText="resources.products.help.name_it" fullWidth />
        <TextInput source="description.it" multiline minRows={3} fullWidth />
      </FormTab>
      <FormTab label="resources.products.tabs.classification">
        <SelectInput source="categoryId" choices={CATEGORY_CHOICES} validate={required()} />
        <TextInput
          source="brand"
          validate={required()}
          helperText="resources.products.help.brand"
        />
        <ReferenceInput
          source="platform"
          reference="platforms"
          sort={{ field: 'position', order: 'ASC' }}
          perPage={100}
        >
          <SelectInput optionText="name" validate={required()} />
        </ReferenceInput>
        <SelectInput source="region" choices={REGION_CHOICES} validate={required()} />
        <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} />
        <DenominationInputs />
      </FormTab>
      <FormTab label="resources.products.tabs.media">
        <ProductImageUpload />
        <ArrayInput source="images">
          <SimpleFormIterator inline>
            <TextInput source="url" validate={required()} />
            <SelectInput source="shape" choices={SHAPE_CHOICES} validate={required()} />
            <SelectInput source="size" choices={SIZE_CHOICES} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
        <TextArrayInput source="tags" helperText="resources.products.help.tags" />
      </FormTab>
    </TabbedForm>
  );
}
