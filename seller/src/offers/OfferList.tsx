import KeyIcon from '@mui/icons-material/VpnKey';
import {
  CentsField,
  ChoiceChipField,
  csvExporter,
  formatCents,
  pricesColumn,
  RelatedListButton,
} from '@market/console-kit';
import { OFFER_STATUSES, SUPPLIER_NAMES, type SellerOffer } from '@market/shared';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextField,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { OFFER_STATUS_COLORS } from './offer-form.ts';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const offerExporter = csvExporter('offers', [
  'id',
  'productId',
  'productName',
  'source.kind',
  pricesColumn(),
  'stock',
  'status',
  'zeroVat',
  'createdAt',
]);

const statusChoices = OFFER_STATUSES.map((status) => ({
  id: status,
  name: `resources.offers.statuses.${status}`,
}));

const offerFilters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
];

/** Where the keys come from: "My keys", or the supplier and its mode. */
function SourceCell({ offer }: { offer: SellerOffer }) {
  const translate = useTranslate();
  const { source } = offer;
  if (source.kind !== 'supplier') return <>{translate('resources.offers.sources.upload')}</>;
  return (
    <>
      {SUPPLIER_NAMES[source.supplier]} · {translate(`resources.offers.mode_short.${source.mode}`)}
    </>
  );
}

/** A supplier offer's last synced unit cost, in the supplier's currency. */
function CostCell({ offer }: { offer: SellerOffer }) {
  const [locale] = useLocaleState();
  if (offer.source.kind !== 'supplier') return null;
  const { cost } = offer.source;
  return <>{formatCents(cost.cents, cost.currency, locale)}</>;
}

/** A supplier offer's margin: percentage plus the fixed part (EUR). */
function MarginCell({ offer }: { offer: SellerOffer }) {
  const [locale] = useLocaleState();
  if (offer.source.kind !== 'supplier') return null;
  const { marginPercent, marginFixedCents } = offer.source.pricing;
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(marginPercent);
  return (
    <>
      {percent} %{marginFixedCents > 0 && ` + ${formatCents(marginFixedCents, 'eur', locale)}`}
    </>
  );
}

function OfferListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/**
 * The seller's offers, newest first: where their keys come from (a supplier's with its cost and
 * margin), prices, stock, status and a link to their keys; a row opens its edit page.
 */
export function OfferList() {
  return (
    <List
      filters={offerFilters}
      actions={<OfferListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={offerExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="productName" sortable={false} />
        <FunctionField<SellerOffer>
          label="resources.offers.fields.source.kind"
          sortable={false}
          render={(offer) => <SourceCell offer={offer} />}
        />
        <FunctionField<SellerOffer>
          label="resources.offers.fields.source.cost"
          sortable={false}
          render={(offer) => <CostCell offer={offer} />}
        />
        <FunctionField<SellerOffer>
          label="resources.offers.fields.margin"
          sortable={false}
          render={(offer) => <MarginCell offer={offer} />}
        />
        <CentsField currency="eur" source="prices.eur" sortable={false} />
        <CentsField currency="usd" source="prices.usd" sortable={false} />
        <CentsField currency="gbp" source="prices.gbp" sortable={false} />
        <NumberField source="stock" sortable={false} />
        <ChoiceChipField
          source="status"
          sortable={false}
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
