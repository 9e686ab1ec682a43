import { errorNotification, errorStatus } from '@market/console-kit';
import {
  AutocompleteInput,
  Create,
  ReferenceInput,
  SimpleForm,
  required,
  useLocation,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { toOfferCreate } from './offer-form.ts';
import { OfferPriceInputs, ZeroVatInput } from './OfferInputs.tsx';

/** The catalogue search as the seller types a product's name. */
const byName = (q: string) => ({ q });

const transform = (record: Partial<RaRecord>) => toOfferCreate(record);

/**
 * Sell on a product: picked from the catalogue by name (or given by `?productId=`, as the
 * catalogue's Sell button does), prices and VAT; then add keys.
 */
export function OfferCreate() {
  const notify = useNotify();
  const productId = new URLSearchParams(useLocation().search).get('productId');
  const onError = (error: unknown) =>
    notify(
      errorStatus(error) === 409
        ? 'resources.offers.errors.already_selling'
        : errorNotification(error),
      { type: 'error' },
    );
  return (
    <Create transform={transform} redirect="edit" mutationOptions={{ onError }}>
      <SimpleForm defaultValues={{ zeroVat: false, ...(productId && { productId }) }}>
        <ReferenceInput source="productId" reference="products">
          <AutocompleteInput
            label="resources.offers.fields.productName"
            optionText="name"
            filterToQuery={byName}
            validate={required()}
            helperText="resources.offers.help.productId"
          />
        </ReferenceInput>
        <OfferPriceInputs />
        <ZeroVatInput />
      </SimpleForm>
    </Create>
  );
}
