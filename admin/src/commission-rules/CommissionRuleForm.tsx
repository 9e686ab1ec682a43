import { centsToInput, inputToCents } from '@market/console-kit';
import { CURRENCIES } from '@market/shared';
import {
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
} from 'react-admin';
import { CATEGORY_CHOICES } from '../products/product-form.ts';
import { validateCommissionRule } from './commission-form.ts';

/** A rule: what it applies to (empty: any), its rate and its fixed fee per line per currency. */
export function CommissionRuleForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  return (
    <SimpleForm defaultValues={defaultValues} validate={validateCommissionRule}>
      <SelectInput
        source="categoryId"
        choices={CATEGORY_CHOICES}
        emptyText="resources.commission-rules.any_category"
        helperText="resources.commission-rules.help.scope"
      />
      <ReferenceInput source="sellerId" reference="sellers">
        <AutocompleteInput optionText="name" helperText="resources.commission-rules.help.scope" />
      </ReferenceInput>
      <NumberInput
        source="rateBps"
        // Basis points in the API, a percentage here: 500 bps is 5 %.
        format={centsToInput}
        parse={inputToCents}
        helperText="resources.commission-rules.help.rate"
      />
      {CURRENCIES.map((currency) => (
        <NumberInput
          key={currency}
          source={`feeCents.${currency}`}
          format={centsToInput}
          parse={inputToCents}
          helperText={currency === 'eur' ? 'resources.commission-rules.help.fee' : false}
        />
      ))}
      <TextInput source="note" multiline />
    </SimpleForm>
  );
}
