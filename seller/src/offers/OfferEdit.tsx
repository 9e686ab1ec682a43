import { Divider } from '@mui/material';
import type { SellerOffer } from '@market/shared';
import {
  Edit,
  Labeled,
  NumberField,
  SimpleForm,
  TextField,
  WithRecord,
  type EditProps,
  type RaRecord,
} from 'react-admin';
import { KeyUploadPanel } from './KeyUploadPanel.tsx';
import { toOfferUpdate } from './offer-form.ts';
import { OfferRegionInput, OfferStatusInput, ZeroVatInput } from './OfferInputs.tsx';
import { OfferSourceInputs } from './OfferSourceInputs.tsx';
import { RestockPanel } from './RestockPanel.tsx';
import { SupplierStatePanel } from './SupplierStatePanel.tsx';

const transform = (record: RaRecord) => toOfferUpdate(record);

/**
 * An offer's source (the seller's keys and prices, or a supplier and its pricing rule), VAT and
 * status; below them, how stock comes in: uploads, or buying from the supplier when stocked. An
 * on-demand offer's stock is the supplier's, so it has neither.
 */
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
        <SupplierStatePanel />
        <OfferSourceInputs />
        <OfferRegionInput />
        <ZeroVatInput />
        <OfferStatusInput />
      </SimpleForm>
      <WithRecord<SellerOffer>
        render={(offer) =>
          offer.source.kind === 'supplier' && offer.source.mode === 'onDemand' ? null : (
            <>
              <Divider />
              <RestockPanel />
              <KeyUploadPanel />
            </>
          )
        }
      />
    </Edit>
  );
}
