import { ChoiceChipField, KEY_STATUS_CHOICES, KEY_STATUS_COLORS } from '@market/console-kit';
import { Datagrid, DateField, List, SelectInput, TextField, TextInput } from 'react-admin';
import { RevealKeyButton } from './RevealKeyButton.tsx';
import { RevokeKeyButton } from './RevokeKeyButton.tsx';

const keyFilters = [
  <SelectInput key="status" source="status" choices={KEY_STATUS_CHOICES} alwaysOn />,
  <TextInput key="offerId" source="offerId" />,
  <TextInput key="productId" source="productId" />,
  <TextInput key="sellerId" source="sellerId" />,
  <TextInput key="orderId" source="orderId" />,
];

/** Every key, masked (codes only through an audited reveal), newest first. */
export function KeyList() {
  return (
    <List filters={keyFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="masked" sortable={false} sx={{ fontFamily: 'monospace' }} />
        <TextField source="productName" sortable={false} />
        <TextField source="sellerId" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.keys.statuses"
          colors={KEY_STATUS_COLORS}
        />
        <DateField source="createdAt" showTime />
        <RevealKeyButton />
        <RevokeKeyButton />
      </Datagrid>
    </List>
  );
}
