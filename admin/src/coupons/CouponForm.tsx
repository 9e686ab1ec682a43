import { Typography } from '@mui/material';
import { centsToInput, inputToCents } from '@market/console-kit';
import { CURRENCIES } from '@market/shared';
import {
  AutocompleteArrayInput,
  BooleanInput,
  DateTimeInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  useTranslate,
} from 'react-admin';
import { CATEGORY_CHOICES } from '../products/product-form.ts';
import { FUNDER_CHOICES, KIND_CHOICES, toInstant, validateCoupon } from './coupon-form.ts';

/** A heading between groups of inputs. */
function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" sx={{ mt: 2 }}>
      {translate(title)}
    </Typography>
  );
}

/** The percentage of a percent coupon, or its amount per currency for a fixed one. */
function DiscountInputs({ kind }: { kind: unknown }) {
  if (kind === 'percent') {
    return (
      <NumberInput
        source="percentBps"
        // Basis points in the API, a percentage here: 1000 bps is 10 %.
        format={centsToInput}
        parse={inputToCents}
        helperText="resources.coupons.help.percent"
      />
    );
  }
  return (
    <>
      {CURRENCIES.map((currency) => (
        <NumberInput
          key={currency}
          source={`amounts.${currency}`}
          format={centsToInput}
          parse={inputToCents}
          helperText={currency === 'eur' ? 'resources.coupons.help.amounts' : false}
        />
      ))}
    </>
  );
}

/** The coupon form: code and discount, when and how often it applies, and to what. */
export function CouponForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  return (
    <SimpleForm defaultValues={defaultValues} validate={validateCoupon}>
      <TextInput source="code" helperText="resources.coupons.help.code" />
      <RadioButtonGroupInput source="kind" choices={KIND_CHOICES} />
      <FormDataConsumer>
        {({ formData }) => <DiscountInputs kind={formData.kind} />}
      </FormDataConsumer>
      <BooleanInput source="active" helperText="resources.coupons.help.active" />
      <RadioButtonGroupInput
        source="fundedBy"
        choices={FUNDER_CHOICES}
        helperText="resources.coupons.help.fundedBy"
      />

      <Section title="resources.coupons.sections.validity" />
      <DateTimeInput source="validFrom" parse={toInstant} />
      <DateTimeInput source="validUntil" parse={toInstant} />
      <NumberInput source="usageLimit" helperText="resources.coupons.help.limit" />
      <NumberInput source="perUserLimit" helperText="resources.coupons.help.limit" />

      <Section title="resources.coupons.sections.minimum" />
      {CURRENCIES.map((currency) => (
        <NumberInput
          key={currency}
          source={`minAmounts.${currency}`}
          format={centsToInput}
          parse={inputToCents}
        />
      ))}

      <Section title="resources.coupons.sections.scope" />
      <SelectArrayInput
        source="categoryIds"
        choices={CATEGORY_CHOICES}
        helperText="resources.coupons.help.scope"
      />
      <ReferenceArrayInput source="sellerIds" reference="sellers">
        <AutocompleteArrayInput optionText="name" helperText="resources.coupons.help.scope" />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}
