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
  SelectInput,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { RevealKeyButton } from './RevealKeyButton.tsx';
import { RevokeKeyButton } from './RevokeKeyButton.tsx';
import { RevokeKeysButton } from './RevokeKeysButton.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const keyExporter = csvExporter('keys', KEY_CSV_COLUMNS);

const keyFilters = [
  <SelectInput key="status" source="status" choices={KEY_STATUS_CHOICES} alwaysOn />,
  <TextInput key="offerId" source="offerId" />,
  <TextInput key="productId" source="productId" />,
  <TextInput key="sellerId" source="sellerId" />,
  <TextInput key="orderId" source="orderId" />,
];

/** Every key, masked (codes only through an audited reveal), newest first. */
export function KeyList() {
  const translate = useTranslate();
  return (
    <List filters={keyFilters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={keyExporter}>
      <Datagrid bulkActionButtons={<RevokeKeysButton />} rowClick={false}>
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
        <TextField source="sellerId" sortable={false} />
        <ChoiceChipField
          source="status"
          sortable={false}
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
