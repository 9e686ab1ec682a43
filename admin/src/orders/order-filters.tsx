import { PAYMENT_PROVIDERS } from '@market/shared';
import { AutocompleteInput, DateInput, ReferenceInput, SelectInput } from 'react-admin';

export const PROVIDER_CHOICES = PAYMENT_PROVIDERS.map((provider) => ({
  id: provider,
  name: `resources.orders.providers.${provider}`,
}));

/** `YYYY-MM-DD` of a date input → the first instant of that day here, as the API's filter takes it. */
export function startOfDay(day: string): string | null {
  return day ? new Date(`${day}T00:00:00`).toISOString() : null;
}

/** `YYYY-MM-DD` of a date input → the last instant of that day here (the range includes it). */
export function endOfDay(day: string): string | null {
  return day ? new Date(`${day}T23:59:59.999`).toISOString() : null;
}

/** The order list's filters besides the status tabs: when, who bought, whose lines, how paid. */
export const orderFilters = [
  <DateInput key="createdFrom" source="createdFrom" parse={startOfDay} alwaysOn />,
  <DateInput key="createdTo" source="createdTo" parse={endOfDay} alwaysOn />,
  <ReferenceInput key="userId" source="userId" reference="users">
    <AutocompleteInput optionText="email" />
  </ReferenceInput>,
  <ReferenceInput key="sellerId" source="sellerId" reference="sellers">
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <SelectInput key="provider" source="provider" choices={PROVIDER_CHOICES} />,
];
