import { Datagrid, List, SearchInput, TextField } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Brands (publishers, software houses, gift-card issuers) by name; search matches the name. */
export function BrandList() {
  return (
    <List sort={{ field: 'name', order: 'ASC' }} perPage={25} filters={filters} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="id" />
      </Datagrid>
    </List>
  );
}
