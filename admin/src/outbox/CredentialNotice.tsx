import { Alert } from '@mui/material';
import type { OutboxMail } from '@market/shared';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * Above a mail whose link sets a password (a reset, an invitation): why its links end in
 * `?[link hidden]`, and that opening it was recorded in the audit log.
 */
export function CredentialNotice(_props: { label?: false }) {
  const record = useRecordContext<OutboxMail>();
  const translate = useTranslate();
  if (!record?.credential) return null;
  return <Alert severity="info">{translate('resources.outbox.credential')}</Alert>;
}
