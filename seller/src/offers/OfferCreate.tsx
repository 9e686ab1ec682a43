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
import { OfferRegionInput, ProductRegionDefault, ZeroVatInput } from './OfferInputs.tsx';
import { OfferSourceInputs } from './OfferSourceInputs.tsx';

/** The catalogue search as the seller types a product's name. */
const byName = (q: string) => ({ q });

const transform = (record: Partial<RaRecord>) => toOfferCreate(record);

/** A new offer's form: the seller's own keys, or a supplier's on demand with a plain margin. */
const DEFAULTS = {
  zeroVat: false,
  source: {
    kind: 'upload',
    mode: 'onDemand',
    stockCap: 10,
    pricing: { marginPercent: 20, marginFixedCents: 0, rounding: 'none' },
  },
};

/**
 * Sell on a product: picked from the catalogue by name (or given by `?productId=`, as the
 * catalogue's Sell button does), then the seller's own keys at their prices (added next), or a
 * supplier's keys priced by a rule; and VAT.
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
      <SimpleForm defaultValues={{ ...DEFAULTS, ...(productId && { productId }) }}>
        <ReferenceInput source="productId" reference="products">
          <AutocompleteInput
            label="resources.offers.fields.productName"
            optionText="name"
            filterToQuery={byName}
            validate={required()}
            helperText="resources.offers.help.productId"
          />
        </ReferenceInput>
        <OfferSourceInputs />
        <OfferRegionInput />
        <ProductRegionDefault />
        <ZeroVatInput />
      </SimpleForm>
    </Create>
  );
}
