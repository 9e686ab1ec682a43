import { CURRENCIES } from '@market/shared';
import {
  Datagrid,
  DateField,
  DeleteButton,
  FunctionField,
  List,
  ReferenceField,
  TextField,
  useTranslate,
} from 'react-admin';
import { MoneyField } from '../orders/MoneyField.tsx';

/** A rate in basis points as a percentage. */
export function RateField({ source = 'rateBps' }: { source?: string; label?: string }) {
  return (
    <FunctionField
      source={source}
      render={(r: Record<string, unknown>) => `${((r[source] as number) / 100).toFixed(2)} %`}
    />
  );
}

function AnyField({ source }: { source: 'categoryId' | 'sellerId'; label?: string }) {
  const translate = useTranslate();
  return (
    <FunctionField
      source={source}
      render={(r: Record<string, unknown>) =>
        r[source]
          ? source === 'categoryId'
            ? translate(`resources.products.categories.${String(r[source])}`)
            : null
          : translate(
              `resources.commission-rules.any_${source === 'categoryId' ? 'category' : 'seller'}`,
            )
      }
    />
  );
}

/** Every rule: the most specific one for a line wins (seller+category, seller, category, default). */
export function CommissionRuleList() {
  return (
    <List sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <AnyField source="categoryId" />
        <ReferenceField source="sellerId" reference="sellers" link={false} emptyText="—">
          <TextField source="name" />
        </ReferenceField>
        <RateField source="rateBps" />
        {CURRENCIES.map((c) => (
          <MoneyField key={c} source={`feeCents.${c}`} currency={c} sortable={false} />
        ))}
        <TextField source="note" sortable={false} />
        <DateField source="updatedAt" showTime />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
