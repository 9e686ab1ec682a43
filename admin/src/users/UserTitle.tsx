import { useRecordContext, useTranslate } from 'react-admin';

/** "User ada@example.com": the page title of a user. */
export function UserTitle() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{translate('resources.users.title', { email: record?.['email'] ?? '' })}</>;
}
