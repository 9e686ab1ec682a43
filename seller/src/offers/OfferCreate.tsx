import { errorNotification, errorStatus } from '@market/console-kit';
import {
  Create,
  SimpleForm,
  TextInput,
  regex,
  required,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { toOfferCreate } from './offer-form.ts';
import { OfferPriceInputs, ZeroVatInput } from './OfferInputs.tsx';

const validateProductId = [
  required(),
  regex(/^\s*[0-9a-f]{24}\s*$/i, 'resources.offers.errors.product_id'),
];

const transform = (record: Partial<RaRecord>) => toOfferCreate(record);

/** Sell on a product: its id (a product picker will come), prices and VAT; then add keys. */
export function OfferCreate() {
  const notify = useNotify();
  const onError = (error: unknown) =>
    notify(
      errorStatus(error) === 409
        ? 'resources.offers.errors.already_selling'
        : errorNotification(error),
      { type: 'error' },
    );
  return (
    <Create transform={transform} redirect="edit" mutationOptions={{ onError }}>
      <SimpleForm defaultValues={{ zeroVat: false }}>
        <TextInput
          source="productId"
          validate={validateProductId}
          helperText="resources.offers.help.productId"
        />
        <OfferPriceInputs />
        <ZeroVatInput />
      </SimpleForm>
    </Create>
  );
}
