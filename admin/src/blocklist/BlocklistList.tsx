import { csvExporter } from '@market/console-kit';
import type { BlocklistEntry } from '@market/shared';
import {
  Datagrid,
  DateField,
  DeleteButton,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { KIND_CHOICES } from './blocklist-fields.ts';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const blocklistExporter = csvExporter('blocklist', [
  'id',
  'kind',
  'value',
  'reason',
  'addedBy.actor',
  'addedBy.email',
  'createdAt',
]);

const blocklistFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} alwaysOn />,
];

/** Who listed the entry: the admin's email (else uid), or the System after a chargeback. */
export function AddedByField(_: { label?: string; sortable?: boolean }) {
  const entry = useRecordContext<BlocklistEntry>();
  const translate = useTranslate();
  if (!entry) return null;
  const { actor, email, uid } = entry.addedBy;
  return (
    <>{actor === 'System' ? translate('resources.blocklist.actors.System') : (email ?? uid)}</>
  );
}

/** What fraud screening refuses outright, newest first; removing an entry asks first. */
export function BlocklistList() {
  return (
    <List
      filters={blocklistFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      exporter={blocklistExporter}
    >
      <Datagrid rowClick={false} bulkActionButtons={false}>
        <SelectField source="kind" choices={KIND_CHOICES} sortable={false} />
        <TextField source="value" sortable={false} />
        <TextField source="reason" sortable={false} emptyText="—" />
        <AddedByField label="resources.blocklist.fields.addedBy" sortable={false} />
        <DateField source="createdAt" showTime />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
