import { centsToInput, inputToCents } from '@market/console-kit';
import { PRICE_ROUNDINGS, SUPPLIER_NAMES, SUPPLY_MODES, type SupplierId } from '@market/shared';
import { Typography } from '@mui/material';
import {
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required,
  useTranslate,
  type Validator,
} from 'react-admin';
import { OfferPriceInputs } from './OfferInputs.tsx';

const kindChoices = [
  { id: 'upload', name: 'resources.offers.sources.upload' },
  { id: 'supplier', name: 'resources.offers.sources.supplier' },
];
const modeChoices = SUPPLY_MODES.map((mode) => ({
  id: mode,
  name: `resources.offers.modes.${mode}`,
}));
const roundingChoices = PRICE_ROUNDINGS.map((rounding) => ({
  id: rounding,
  name: `resources.offers.roundings.${rounding}`,
}));

/** A connection as the picker names it: its label and its supplier. */
const connectionName = (c: { label?: string; supplier?: SupplierId }) =>
  `${c.label ?? ''} (${c.supplier ? SUPPLIER_NAMES[c.supplier] : ''})`;

const PRICE_ERROR = 'resources.offers.errors.price';
const positiveCents: Validator = (cents: unknown) =>
  typeof cents === 'number' && Number.isInteger(cents) && cents > 0 ? undefined : PRICE_ERROR;

/**
 * Where the offer's keys come from: the seller's own uploads (priced by hand) or a supplier
 * through one of their connections (priced by a rule: cost plus margin, rounded, floored by the
 * server). The create and edit forms both use it; the server checks the sku at the supplier.
 */
export function OfferSourceInputs() {
  return (
    <>
      <RadioButtonGroupInput source="source.kind" choices={kindChoices} validate={required()} />
      <FormDataConsumer<SourceValues>>
        {({ formData }) =>
          formData.source?.kind === 'supplier' ? (
            <SupplierSourceInputs mode={formData.source.mode} />
          ) : (
            <OfferPriceInputs />
          )
        }
      </FormDataConsumer>
    </>
  );
}

type SourceValues = { source?: { kind?: string; mode?: string } };

function SupplierSourceInputs({ mode }: { mode: string | undefined }) {
  const translate = useTranslate();
  return (
    <>
      <ReferenceInput source="source.connectionId" reference="supplier-connections">
        <SelectInput
          optionText={connectionName}
          validate={required()}
          label="resources.offers.fields.source.connectionId"
        />
      </ReferenceInput>
      <TextInput source="source.sku" validate={required()} helperText="resources.offers.help.sku" />
      <RadioButtonGroupInput source="source.mode" choices={modeChoices} validate={required()} />
      {mode !== 'stocked' && (
        <NumberInput
          source="source.stockCap"
          min={1}
          step={1}
          validate={required()}
          helperText="resources.offers.help.stockCap"
        />
      )}
      <NumberInput
        source="source.costCeiling"
        format={centsToInput}
        parse={inputToCents}
        validate={[required(), positiveCents]}
        helperText="resources.offers.help.costCeiling"
        step={0.01}
        min={0}
      />
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 600, mb: 1 }}>
        {translate('resources.offers.help.pricing')}
      </Typography>
      <NumberInput source="source.pricing.marginPercent" min={0} step={0.5} validate={required()} />
      <NumberInput
        source="source.pricing.marginFixedCents"
        format={centsToInput}
        parse={inputToCents}
        step={0.01}
        min={0}
      />
      <SelectInput
        source="source.pricing.rounding"
        choices={roundingChoices}
        validate={required()}
      />
    </>
  );
}
