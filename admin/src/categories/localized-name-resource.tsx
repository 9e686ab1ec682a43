import {
  csvExporter,
  LocalizedTextField,
  schemaValidator,
  type ValidatorSchema,
} from '@market/console-kit';
import { createElement, type ComponentType } from 'react';
import {
  Create,
  Datagrid,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  useResourceContext,
  type Exporter,
  type RaRecord,
  type ResourceProps,
} from 'react-admin';
import { ReferenceToolbar } from './ReferenceToolbar.tsx';

/** CSV of what the list shows (its current filter and sort); the columns named one by one. */
const nameExporter: Exporter = (records, fetchRelated, dataProvider, resource) =>
  csvExporter<RaRecord>(resource ?? 'export', ['id', 'name.en', 'name.it'])(
    records,
    fetchRelated,
    dataProvider,
  );

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The API body: only the names (the id is derived from the English name on create). */
const toBody = (values: Record<string, unknown>) => ({ name: values['name'] });

/** Every record with its id (the slug of the English name) and its name in the active locale. */
function LocalizedNameList() {
  return (
    <List
      sort={{ field: 'name.en', order: 'ASC' }}
      perPage={25}
      filters={filters}
      exporter={nameExporter}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <LocalizedTextField source="name" sortable={false} />
      </Datagrid>
    </List>
  );
}

/**
 * A resource that is only a slug and its name in each locale (macrocategories, tags): list,
 * create and edit, labelled from `resources.<resource>.fields.names` and validated by `schema`.
 */
export function localizedNameResource(icon: ComponentType, schema: ValidatorSchema) {
  const validate = schemaValidator(schema);

  /** The names in every locale; on edit the id is shown but fixed. */
  function LocalizedNameForm({ edit = false }: { edit?: boolean }) {
    const resource = useResourceContext();
    return (
      <SimpleForm validate={validate} toolbar={<ReferenceToolbar canDelete={edit} />}>
        {edit && <TextInput source="id" disabled />}
        <TextInput
          source="name.en"
          label={`resources.${resource}.fields.names.en`}
          helperText={edit ? false : `resources.${resource}.help.id`}
          fullWidth
        />
        <TextInput source="name.it" label={`resources.${resource}.fields.names.it`} fullWidth />
      </SimpleForm>
    );
  }

  return {
    list: LocalizedNameList,
    create: () => (
      <Create transform={toBody} redirect="list">
        <LocalizedNameForm />
      </Create>
    ),
    edit: () => (
      <Edit transform={toBody} mutationMode="pessimistic" redirect="list">
        <LocalizedNameForm edit />
      </Edit>
    ),
    icon,
    // An element, not a string: references show the name in the active locale.
    recordRepresentation: createElement(LocalizedTextField, { source: 'name' }),
  } satisfies Omit<ResourceProps, 'name'>;
}
