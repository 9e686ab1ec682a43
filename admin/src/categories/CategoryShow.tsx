import { LOCALES } from '@market/shared';
import { NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { CategoryTitle } from './CategoryTitle.tsx';

/** One category with its name in every locale. */
export function CategoryShow() {
  return (
    <Show title={<CategoryTitle />}>
      <SimpleShowLayout>
        <TextField source="id" />
        <NumberField source="position" />
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            source={`name.${locale}`}
            label={`resources.categories.fields.names.${locale}`}
          />
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
