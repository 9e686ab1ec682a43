import { pickLocalized, toLocale } from '@market/console-kit';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';

/** "Category Games": the page title of a category, named in the active locale. */
export function CategoryTitle() {
  const record = useRecordContext();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const name = pickLocalized(record?.['name'], toLocale(locale));
  return <>{translate('resources.categories.title', { name })}</>;
}
