import { centsToInput, inputToCents } from '@market/console-kit';
import { CURRENCIES, OFFER_STATUSES } from '@market/shared';
import {
  Edit,
  Labeled,
  NumberField,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextField,
  TopToolbar,
  required,
  type EditProps,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { KeyCountsField } from './KeyCountsField.tsx';
import { toAdminOfferUpdate } from './offer-fields.ts';
import { OfferKeysButton } from './OfferKeysButton.tsx';

const statusChoices = OFFER_STATUSES.map((status) => ({
  id: status,
  name: `resources.offers.statuses.${status}`,
}));

/** A price in cents, when given: a whole number of cents above 0. */
const positiveCents: Validator = (cents: unknown) => {
  if (cents === null || cents === undefined || cents === '') return undefined;
  return typeof cents === 'number' && Number.isInteger(cents) && cents > 0
    ? undefined
    : 'resources.offers.errors.price';
};

const transform = (record: RaRecord) => toAdminOfferUpdate(record);

const actions = (
  <TopToolbar>
    <OfferKeysButton />
  </TopToolbar>
);

/** An offer's prices and status (hide it to take it off the storefront), with its keys. */
export function OfferEdit({ id }: Pick<EditProps, 'id'>) {
  return (
    <Edit id={id} actions={actions} transform={transform} mutationMode="pessimistic">
      <SimpleForm>
        <Labeled>
          <TextField source="productName" />
        </Labeled>
        <Labeled>
          <TextField source="sellerName" />
        </Labeled>
        <Labeled>
          <NumberField source="stock" />
        </Labeled>
        <Labeled>
          <KeyCountsField source="keyCounts" />
        </Labeled>
        {CURRENCIES.map((currency) => (
          <NumberInput
            key={currency}
            source={`prices.${currency}`}
            format={centsToInput}
            parse={inputToCents}
            validate={currency === 'eur' ? [required(), positiveCents] : positiveCents}
            helperText={currency === 'eur' ? false : 'resources.offers.help.computed_price'}
          />
        ))}
        <SelectInput source="status" choices={statusChoices} validate={required()} />
      </SimpleForm>
    </Edit>
  );
}
