import { Chip, Stack } from '@mui/material';
import { KEY_STATUSES, type KeyCounts } from '@market/shared';
import { useRecordContext, useTranslate } from 'react-admin';

export interface KeyCountsFieldProps {
  /** Read by `<Datagrid>` / `<Labeled>` for the column header or label. */
  label?: string;
  source?: string;
  sortable?: boolean;
}

/** An offer's keys per status, as small chips; statuses without keys are left out. */
export function KeyCountsField(_props: KeyCountsFieldProps) {
  const record = useRecordContext<{ keyCounts?: KeyCounts }>();
  const translate = useTranslate();
  const counts = record?.keyCounts;
  if (!counts) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {KEY_STATUSES.filter((status) => counts[status] > 0).map((status) => (
        <Chip
          key={status}
          size="small"
          variant="outlined"
          color={status === 'available' ? 'success' : 'default'}
          label={`${translate(`resources.keys.statuses.${status}`)} ${counts[status]}`}
        />
      ))}
    </Stack>
  );
}
