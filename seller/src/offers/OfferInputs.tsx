import { SELLER_OFFER_STATUSES } from '@market/shared';
import { BooleanInput, NumberInput, SelectInput, required, type Validator } from 'react-admin';
import { centsToInput, inputToCents } from './offer-form.ts';

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
      <NumberInput
        source="prices.eur"
        format={centsToInput}
        parse={inputToCents}
        validate={validateEur}
        step={0.01}
        min={0}
      />
      <NumberInput
        source="prices.usd"
        format={centsToInput}
        parse={inputToCents}
        validate={validateOptional}
        helperText="resources.offers.help.computed_price"
        step={0.01}
        min={0}
      />
      <NumberInput
        source="prices.gbp"
        format={centsToInput}
        parse={inputToCents}
        validate={validateOptional}
        helperText="resources.offers.help.computed_price"
        step={0.01}
        min={0}
      />
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
