import { Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { splitLinks } from './linkify.ts';

export interface LinkifiedTextFieldProps {
  /** The record field holding a plain text, e.g. a mail's body. */
  source: string;
  /** Read by `<SimpleShowLayout>` for the label. */
  label?: string;
}

/** A plain text with its line breaks kept and its http(s) links clickable (in a new tab). */
export function LinkifiedTextField({ source }: LinkifiedTextFieldProps) {
  const record = useRecordContext();
  const value: unknown = record?.[source];
  if (typeof value !== 'string') return null;
  return (
    <Typography
      component="div"
      variant="body2"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
    >
      {splitLinks(value).map((part, index) =>
        part.kind === 'link' ? (
          <Link key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.href}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}
