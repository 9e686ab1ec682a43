import { ChoiceChipField, KEY_STATUS_CHOICES, KEY_STATUS_COLORS } from '@market/console-kit';
import { Datagrid, DateField, List, ReferenceInput, SelectInput, TextField } from 'react-admin';
import { RevokeOwnKeyButton } from './RevokeOwnKeyButton.tsx';

const keyFilters = [
  <ReferenceInput key="offerId" source="offerId" reference="offers" alwaysOn>
    <SelectInput optionText="productName" />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={KEY_STATUS_CHOICES} alwaysOn />,
];

/** The seller's keys, masked, newest first; filtered per offer and status. */
export function KeyList() {
  return (
    <List filters={keyFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="masked" sortable={false} sx={{ fontFamily: 'monospace' }} />
        <TextField source="productName" sortable={false} />
        <ChoiceChipField
          source="status"
          labels="resources.keys.statuses"
          colors={KEY_STATUS_COLORS}
        />
        <DateField source="createdAt" showTime />
        <RevokeOwnKeyButton />
      </Datagrid>
    </List>
  );
}
