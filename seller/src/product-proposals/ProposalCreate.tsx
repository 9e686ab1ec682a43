import { centsToInput, inputToCents } from '@market/console-kit';
import {
  ArrayInput,
  Create,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  required,
} from 'react-admin';
import { IMAGE_SHAPES, IMAGE_SIZES } from '@market/shared';
import { CATEGORY_CHOICES, PLATFORM_CHOICES } from '../products/CatalogueList.tsx';
import {
  CURRENCY_CHOICES,
  REGION_CHOICES,
  toProposalBody,
  TYPE_CHOICES,
  validateProposal,
} from './proposal-form.ts';

const SHAPE_CHOICES = IMAGE_SHAPES.map((id) => ({ id, name: id }));
const SIZE_CHOICES = IMAGE_SIZES.map((id) => ({ id, name: id }));
const DEFAULTS = { region: 'Global', type: 'key', images: [], tags: [] };

/** The face value inputs, shown for gift cards only. */
export function GiftCardInputs() {
  return (
    <FormDataConsumer<{ type?: string }>>
      {({ formData }) =>
        formData.type === 'giftcard' ? (
          <>
            <NumberInput
              source="denomination.amount"
              format={centsToInput}
              parse={inputToCents}
              validate={required()}
              step={0.01}
              min={0}
            />
            <SelectInput
              source="denomination.currency"
              choices={CURRENCY_CHOICES}
              validate={required()}
            />
          </>
        ) : null
      }
    </FormDataConsumer>
  );
}

/** Propose a product missing from the catalogue; an admin approves or rejects it. */
export function ProposalCreate() {
  return (
    <Create transform={toProposalBody} redirect="show">
      <SimpleForm validate={validateProposal} defaultValues={DEFAULTS}>
        <TextInput source="name.en" validate={required()} fullWidth />
        <TextInput
          source="name.it"
          helperText="resources.product-proposals.help.name_it"
          fullWidth
        />
        <TextInput source="description.en" multiline minRows={2} fullWidth />
        <TextInput source="description.it" multiline minRows={2} fullWidth />
        <SelectInput source="categoryId" choices={CATEGORY_CHOICES} validate={required()} />
        <TextInput source="brand" validate={required()} />
        <SelectInput source="platform" choices={PLATFORM_CHOICES} validate={required()} />
        <SelectInput source="region" choices={REGION_CHOICES} validate={required()} />
        <SelectInput source="type" choices={TYPE_CHOICES} validate={required()} />
        <GiftCardInputs />
        <ArrayInput source="images">
          <SimpleFormIterator inline>
            <TextInput source="url" validate={required()} />
            <SelectInput source="shape" choices={SHAPE_CHOICES} validate={required()} />
            <SelectInput source="size" choices={SIZE_CHOICES} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
        <TextArrayInput source="tags" />
        <TextInput
          source="note"
          multiline
          minRows={2}
          fullWidth
          helperText="resources.product-proposals.help.note"
        />
      </SimpleForm>
    </Create>
  );
}
