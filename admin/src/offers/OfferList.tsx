import { CentsField, ChoiceChipField, csvExporter, pricesColumn } from '@market/console-kit';
import { OFFER_STATUSES } from '@market/shared';
import {
  Datagrid,
  DateField,
  List,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { HideOffersButton } from './HideOffersButton.tsx';
import { KeyCountsField } from './KeyCountsField.tsx';
import { OFFER_STATUS_COLORS } from './offer-fields.ts';
import { OfferKeysButton } from './OfferKeysButton.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const offerExporter = csvExporter('offers', [
  'id',
  'productId',
  'productName',
  'sellerId',
  'sellerName',
  pricesColumn(),
  'stock',
  'keyCounts',
  'status',
  'createdAt',
]);

const statusChoices = OFFER_STATUSES.map((status) => ({
  id: status,
  name: `resources.offers.statuses.${status}`,
}));

const offerFilters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <TextInput key="sellerId" source="sellerId" />,
  <TextInput key="productId" source="productId" />,
];

/** Every seller's offers, newest first: prices, stock, keys per status; a row opens its edit page. */
export function OfferList() {
  return (
    <List
      filters={offerFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={offerExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<HideOffersButton />}>
        <TextField source="productName" sortable={false} />
        <TextField source="sellerName" sortable={false} />
        <CentsField currency="eur" source="prices.eur" sortable={false} />
        <CentsField currency="usd" source="prices.usd" sortable={false} />
        <CentsField currency="gbp" source="prices.gbp" sortable={false} />
        <NumberField source="stock" sortable={false} />
        <KeyCountsField source="keyCounts" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.offers.statuses"
          colors={OFFER_STATUS_COLORS}
          sortable={false}
        />
        <DateField source="createdAt" />
        <OfferKeysButton />
      </Datagrid>
    </List>
  );
}
