import {
  ChoiceChipField,
  csvExporter,
  KEY_CSV_COLUMNS,
  KEY_STATUS_CHOICES,
  KEY_STATUS_COLORS,
} from '@market/console-kit';
import { IMAGE_KEY_MASK, type MaskedKey } from '@market/shared';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  ReferenceInput,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { RevokeOwnKeyButton } from './RevokeOwnKeyButton.tsx';
import { RevokeOwnKeysButton } from './RevokeOwnKeysButton.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const keyExporter = csvExporter('keys', KEY_CSV_COLUMNS);

const keyFilters = [
  <ReferenceInput key="offerId" source="offerId" reference="offers" alwaysOn>
    <SelectInput optionText="productName" />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={KEY_STATUS_CHOICES} alwaysOn />,
];

/** The seller's keys, masked, newest first; filtered per offer and status. */
export function KeyList() {
  const translate = useTranslate();
  return (
    <List filters={keyFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={keyExporter}>
      <Datagrid bulkActionButtons={<RevokeOwnKeysButton />} rowClick={false}>
        <FunctionField<MaskedKey>
          source="masked"
          sortable={false}
          sx={{ fontFamily: 'monospace' }}
          // An image code (a supplier's scanned card) has nothing to mask: say what it is.
          render={(key) =>
            key.masked === IMAGE_KEY_MASK ? translate('resources.keys.image_code') : key.masked
          }
        />
        <TextField source="productName" sortable={false} />
        <ChoiceChipField
          source="status"
          sortable={false}
          labels="resources.keys.statuses"
          colors={KEY_STATUS_COLORS}
        />
        <DateField source="createdAt" showTime />
        <RevokeOwnKeyButton />
      </Datagrid>
    </List>
  );
}
