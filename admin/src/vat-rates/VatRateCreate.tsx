import {
  Create,
  DateInput,
  NumberInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxValue,
  minValue,
  required,
  type RaRecord,
} from 'react-admin';
import { EU_MEMBER_STATES } from '@market/shared';

/** The form's percent (25.5) as the API's basis points (2550), the day as YYYY-MM-DD. */
export const toVatRateBody = (record: RaRecord) => ({
  country: record['country'] as string,
  rateBps: Math.round((record['ratePercent'] as number) * 100),
  from: String(record['from']).slice(0, 10),
  ...(record['note'] ? { note: record['note'] as string } : {}),
});

/** A rate a Member State announced, from a future day (orders from that day pay it). Audited. */
export function VatRateCreate() {
  return (
    <Create transform={toVatRateBody} redirect="list">
      <SimpleForm>
        <SelectInput
          source="country"
          choices={EU_MEMBER_STATES.map((c) => ({ id: c, name: c }))}
          validate={required()}
        />
        <NumberInput
          source="ratePercent"
          step={0.1}
          validate={[required(), minValue(15), maxValue(30)]}
          helperText="resources.vat-rates.help.ratePercent"
        />
        <DateInput source="from" validate={required()} helperText="resources.vat-rates.help.from" />
        <TextInput source="note" fullWidth helperText="resources.vat-rates.help.note" />
      </SimpleForm>
    </Create>
  );
}
