import { useRecordContext, useTranslate } from 'react-admin';

/** "Email to ada@example.com": the page title of a mail. */
export function OutboxTitle() {
  const record = useRecordContext();
  const translate = useTranslate();
  return <>{translate('resources.outbox.title', { to: record?.['to'] ?? '' })}</>;
}
