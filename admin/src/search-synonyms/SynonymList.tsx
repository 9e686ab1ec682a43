import {
  ChipField,
  Datagrid,
  DateField,
  DeleteButton,
  List,
  SingleFieldList,
  TextField,
  useRecordContext,
} from 'react-admin';

/** The phrases of a synonym, one chip each. */
function PhraseChips(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ synonyms: string[] }>();
  if (!record) return null;
  return (
    <SingleFieldList
      data={record.synonyms.map((phrase) => ({ id: phrase, phrase }))}
      linkType={false}
      total={record.synonyms.length}
    >
      <ChipField source="phrase" size="small" />
    </SingleFieldList>
  );
}

/** The admins' search synonyms by term; a row opens it for editing. */
export function SynonymList() {
  return (
    <List sort={{ field: 'term', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="term" />
        <PhraseChips label="resources.search-synonyms.fields.synonyms" sortable={false} />
        <DateField source="updatedAt" showTime />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  );
}
