import PaymentIcon from '@mui/icons-material/Payment';
import { Card, CardContent } from '@mui/material';
import { FilterList, FilterListItem, SavedQueriesList } from 'react-admin';
import { PROVIDER_CHOICES } from './order-filters.tsx';

/**
 * The order list's filter sidebar: the admin's saved searches (filters, sort and page size),
 * kept by react-admin's store in this browser ("Save current query" adds the current one), and
 * one-click payment provider filters.
 */
export function OrderSavedQueries() {
  return (
    <Card sx={{ order: -1, mr: 2, mt: 2, width: 220, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <SavedQueriesList />
        <FilterList label="resources.orders.fields.provider" icon={<PaymentIcon />}>
          {PROVIDER_CHOICES.map((choice) => (
            <FilterListItem key={choice.id} label={choice.name} value={{ provider: choice.id }} />
          ))}
        </FilterList>
      </CardContent>
    </Card>
  );
}
