import { Divider } from '@mui/material';
import {
  Edit,
  Labeled,
  NumberField,
  SimpleForm,
  TextField,
  type EditProps,
  type RaRecord,
} from 'react-admin';
import { KeyUploadPanel } from './KeyUploadPanel.tsx';
import { toOfferUpdate } from './offer-form.ts';
import { OfferPriceInputs, OfferStatusInput, ZeroVatInput } from './OfferInputs.tsx';

const transform = (record: RaRecord) => toOfferUpdate(record);

/** An offer's prices, VAT and status, and below them the upload of its keys. */
export function OfferEdit({ id }: Pick<EditProps, 'id'>) {
  return (
    <Edit id={id} transform={transform} mutationMode="pessimistic">
      <SimpleForm>
        <Labeled>
          <TextField source="productName" />
        </Labeled>
        <Labeled>
          <NumberField source="stock" />
        </Labeled>
        <OfferPriceInputs />
        <ZeroVatInput />
        <OfferStatusInput />
      </SimpleForm>
      <Divider />
      <KeyUploadPanel />
    </Edit>
  );
}
