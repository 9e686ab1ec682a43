import KeyIcon from '@mui/icons-material/VpnKey';
import { CentsField, ChoiceChipField, RelatedListButton } from '@market/console-kit';
import { OFFER_STATUSES } from '@market/shared';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  List,
  NumberField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { OFFER_STATUS_COLORS } from './offer-form.ts';

const statusChoices = OFFER_STATUSES.map((status) => ({
  id: status,
  name: `resources.offers.statuses.${status}`,
}));

const offerFilters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

function OfferListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/** The seller's offers, newest first: prices, stock, status and a link to their keys; a row opens its edit page. */
export function OfferList() {
  return (
    <List
      filters={offerFilters}
      actions={<OfferListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="productName" />
        <CentsField currency="eur" source="prices.eur" />
        <CentsField currency="usd" source="prices.usd" sortable={false} />
        <CentsField currency="gbp" source="prices.gbp" sortable={false} />
        <NumberField source="stock" />
        <ChoiceChipField
          source="status"
          labels="resources.offers.statuses"
          colors={OFFER_STATUS_COLORS}
        />
        <BooleanField source="zeroVat" sortable={false} />
        <RelatedListButton
          reference="keys"
          target="offerId"
          label="resources.keys.actions.of_offer"
          icon={<KeyIcon />}
        />
      </Datagrid>
    </List>
  );
}
