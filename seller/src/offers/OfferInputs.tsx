import { centsToInput, inputToCents } from '@market/console-kit';
import { ACTIVATION_REGIONS, SELLER_OFFER_STATUSES } from '@market/shared';
import { useEffect, useRef } from 'react';
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  SelectInput,
  required,
  useGetManyAggregate,
  useInput,
  type RaRecord,
  type Validator,
} from 'react-admin';

const PRICE_ERROR = 'resources.offers.errors.price';

/** A price in cents, when given: a whole number of cents above 0. */
const positiveCents: Validator = (cents: unknown) => {
  if (cents === null || cents === undefined || cents === '') return undefined;
  return typeof cents === 'number' && Number.isInteger(cents) && cents > 0
    ? undefined
    : PRICE_ERROR;
};

const validateEur = [required(), positiveCents];
const validateOptional = positiveCents;

/** The EUR, USD and GBP price inputs: typed in currency units, kept in cents. */
export function OfferPriceInputs() {
  return (
    <>
      <PriceInput currency="eur" validate={validateEur} />
      <PriceInput currency="usd" validate={validateOptional} computed />
      <PriceInput currency="gbp" validate={validateOptional} computed />
    </>
  );
}

export function ZeroVatInput() {
  return <BooleanInput source="zeroVat" helperText="resources.offers.help.zeroVat" />;
}

const sellerStatusChoices = [
  ...SELLER_OFFER_STATUSES.map((status) => ({
    id: status,
    name: `resources.offers.statuses.${status}`,
  })),
  // Shown when the marketplace has hidden the offer; a seller cannot choose it.
  { id: 'hidden', name: 'resources.offers.statuses.hidden', disabled: true },
];

export function OfferStatusInput() {
  return <SelectInput source="status" choices={sellerStatusChoices} />;
}

/** A price typed in currency units and stored as cents; USD and GBP may be left to the EUR rate. */
function PriceInput({
  currency,
  validate,
  computed = false,
}: {
  currency: 'eur' | 'usd' | 'gbp';
  validate: Validator | Validator[];
  computed?: boolean;
}) {
  return (
    <NumberInput
      source={`prices.${currency}`}
      format={centsToInput}
      parse={inputToCents}
      validate={validate}
      helperText={computed ? 'resources.offers.help.computed_price' : undefined}
      step={0.01}
      min={0}
    />
  );
}

const regionChoices = ACTIVATION_REGIONS.map((region) => ({
  id: region,
  name: `resources.offers.regions.${region}`,
}));

/** Where the offer's keys activate (docs/regions.md): buyers elsewhere are warned before buying. */
export function OfferRegionInput() {
  return (
    <SelectInput
      source="region"
      choices={regionChoices}
      helperText="resources.offers.help.region"
      emptyText="resources.offers.help.region_default"
    />
  );
}

/**
 * On a new offer of the seller's own keys, the region starts as the chosen product's until the
 * seller picks one; a supplier's keys are left to what the supplier reports (the server's rule,
 * docs/regions.md), so the field is emptied for them unless the seller chose.
 */
export function ProductRegionDefault() {
  return (
    <FormDataConsumer<{ productId?: string; source?: { kind?: string } }>>
      {({ formData }) => (
        <RegionFromProduct productId={formData.productId} kind={formData.source?.kind} />
      )}
    </FormDataConsumer>
  );
}

function RegionFromProduct({ productId, kind }: { productId?: string; kind?: string }) {
  const { field } = useInput({ source: 'region' });
  const { data } = useGetManyAggregate<RaRecord & { region?: string }>(
    'products',
    { ids: productId ? [productId] : [] },
    { enabled: Boolean(productId) },
  );
  const productRegion = data?.find((p) => p.id === productId)?.region;
  // The value this default last set: a different one is the seller's choice, kept.
  const lastSet = useRef<unknown>(undefined);
  const { value, onChange } = field;
  useEffect(() => {
    const unchosen =
      value === undefined || value === null || value === '' || value === lastSet.current;
    if (!unchosen) return;
    const next = kind === 'supplier' ? '' : (productRegion ?? '');
    lastSet.current = next;
    if (next !== value) onChange(next);
  }, [productRegion, kind, value, onChange]);
  return null;
}
