import { pickLocalized, toLocale } from '@market/console-kit';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  Edit,
  ReferenceArrayInput,
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useLocaleState,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { toHomeContentBody, validateHomeContent } from './home-content-form.ts';

const byText = (q: string) => (q ? { q } : {});

function HomeContentTitle() {
  return <>{useTranslate()('resources.home-content.title')}</>;
}

/** The featured products, in the order picked; options and chips show the localized name. */
function FeaturedProductsInput() {
  const [locale] = useLocaleState();
  const name = (record: RaRecord) => pickLocalized(record['name'], toLocale(locale)) || record.id;
  return (
    <ReferenceArrayInput source="featuredProductIds" reference="products" perPage={25}>
      <AutocompleteArrayInput
        optionText={name}
        filterToQuery={byText}
        helperText="resources.home-content.help.featured"
        fullWidth
      />
    </ReferenceArrayInput>
  );
}

/** The home page: featured products (at most 12, in order) and banners in both languages. */
export function HomeContentEdit() {
  return (
    <Edit
      title={<HomeContentTitle />}
      transform={toHomeContentBody}
      mutationMode="pessimistic"
      redirect={false}
    >
      <SimpleForm
        validate={validateHomeContent}
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <FeaturedProductsInput />
        <ArrayInput source="banners" helperText={false}>
          <SimpleFormIterator>
            <TextInput source="title.en" label="resources.home-content.fields.title.en" />
            <TextInput source="title.it" label="resources.home-content.fields.title.it" />
            <TextInput source="subtitle.en" label="resources.home-content.fields.subtitle.en" />
            <TextInput source="subtitle.it" label="resources.home-content.fields.subtitle.it" />
            <TextInput source="imageUrl" label="resources.home-content.fields.imageUrl" />
            <TextInput source="linkUrl" label="resources.home-content.fields.linkUrl" />
            <BooleanInput
              source="active"
              label="resources.home-content.fields.active"
              defaultValue
            />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}
