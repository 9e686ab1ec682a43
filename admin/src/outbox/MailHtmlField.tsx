import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export interface MailHtmlFieldProps {
  source: string;
  /** Read by `<SimpleShowLayout>` for the label. */
  label?: string;
}

/**
 * A mail's HTML as the recipient sees it, in an iframe with every sandbox restriction on
 * (`sandbox=""`: no scripts, no forms, no navigation, a unique origin), so mail markup can never
 * act on the console. Its links are inert there; the text version's links are clickable.
 */
export function MailHtmlField({ source }: MailHtmlFieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const html: unknown = record?.[source];
  if (typeof html !== 'string' || html === '') return null;
  return (
    <Box
      component="iframe"
      sandbox=""
      srcDoc={html}
      title={translate('resources.outbox.html_frame', { subject: record?.['subject'] ?? '' })}
      sx={{ width: '100%', minHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
