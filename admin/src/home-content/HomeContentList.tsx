import { Datagrid, FunctionField, List, type RaRecord } from 'react-admin';

const count = (field: string) => (record: RaRecord) =>
  Array.isArray(record[field]) ? (record[field] as unknown[]).length : 0;

/** The one home-content record, with how many products and banners it holds; a click edits it. */
export function HomeContentList() {
  return (
    <List pagination={false} exporter={false} actions={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          source="featuredProductIds"
          sortable={false}
          render={count('featuredProductIds')}
        />
        <FunctionField source="banners" sortable={false} render={count('banners')} />
      </Datagrid>
    </List>
  );
}
