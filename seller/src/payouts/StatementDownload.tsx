import DownloadIcon from '@mui/icons-material/Download';
import { Stack, TextField } from '@mui/material';
import { CSV_TYPE, errorNotification, saveFile, useAction } from '@market/console-kit';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The statement of a period (this month so far by default) as a CSV download. */
export function StatementDownload() {
  const dataProvider = useDataProvider<SellerDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const today = new Date();
  const [from, setFrom] = useState(
    day(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))),
  );
  const [to, setTo] = useState(day(today));
  const { run, isPending } = useAction(() => dataProvider.getStatement(from, to), {
    onSuccess: (csv) => saveFile(`statement-${from}-${to}.csv`, csv, CSV_TYPE),
    onError: (error) => notify(errorNotification(error), { type: 'error' }),
  });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        type="date"
        size="small"
        label={translate('resources.payouts.statement.from')}
        value={from}
        onChange={(e) => setFrom(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('resources.payouts.statement.to')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button
        label="resources.payouts.statement.download"
        disabled={isPending || !from || !to}
        onClick={() => run()}
      >
        <DownloadIcon />
      </Button>
    </Stack>
  );
}
