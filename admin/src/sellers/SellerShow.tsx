import { ChoiceChipField, DefectRateField } from '@market/console-kit';
import {
  DateField,
  EmailField,
  ImageField,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
} from 'react-admin';
import { SELLER_STATUS_COLORS } from './seller-decisions.ts';
import { PendingLegalChange } from './PendingLegalChange.tsx';
import { SellerDecisionButtons } from './SellerDecisionButtons.tsx';
import { SellerTitle } from './SellerTitle.tsx';

const actions = (
  <TopToolbar>
    <SellerDecisionButtons />
  </TopToolbar>
);

/** One seller's trader data, status and account, with the decisions its status allows. */
export function SellerShow() {
  return (
    <Show title={<SellerTitle />} actions={actions}>
      <SimpleShowLayout>
        <TextField source="id" />
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="registrationName" />
        <TextField source="vatNumber" />
        <TextField source="address" emptyText="—" />
        <PendingLegalChange />
        <TextField source="description" emptyText="—" />
        <EmailField source="supportEmail" emptyText="—" />
        <ImageField source="image" sx={{ '& img': { maxWidth: 160, maxHeight: 160 } }} />
        <ChoiceChipField
          source="status"
          labels="resources.sellers.statuses"
          colors={SELLER_STATUS_COLORS}
        />
        <TextField source="statusReason" />
        <DefectRateField label="resources.sellers.fields.defectRate" />
        <NumberField source="rating.average" />
        <NumberField source="rating.count" />
        <DateField source="createdAt" showTime />
        <DateField source="decidedAt" showTime />
        <ReferenceField source="uid" reference="users" link="show" />
      </SimpleShowLayout>
    </Show>
  );
}
