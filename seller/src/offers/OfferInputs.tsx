import { centsToInput, inputToCents } from '@market/console-kit';
import { SELLER_OFFER_STATUSES } from '@market/shared';
import { BooleanInput, NumberInput, SelectInput, required, type Validator } from 'react-admin';

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
