import DownloadIcon from '@mui/icons-material/Download';
import { MenuItem, Stack, TextField } from '@mui/material';
import {
  CSV_TYPE,
  errorNotification,
  saveFile,
  useAction,
  type ConsoleDataProvider,
} from '@market/console-kit';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useTranslate } from 'react-admin';

/** The quarter before today's: the one whose OSS return is due. */
export function lastQuarter(today: Date): { year: number; quarter: number } {
  const current = Math.floor(today.getUTCMonth() / 3) + 1;
  return current === 1
    ? { year: today.getUTCFullYear() - 1, quarter: 4 }
    : { year: today.getUTCFullYear(), quarter: current - 1 };
}

/**
 * The OSS report of a quarter (`GET /api/admin/vat/oss-report`) as a CSV download. The console
 * signs its calls with a Bearer token a plain link cannot carry, so it fetches the text and saves it.
 */
export function OssReportDownload() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const start = lastQuarter(new Date());
  const [year, setYear] = useState(start.year);
  const [quarter, setQuarter] = useState(start.quarter);
  const { run, isPending } = useAction(
    () => dataProvider.getText(`/vat/oss-report?year=${year}&quarter=${quarter}`),
    {
      onSuccess: (csv) => saveFile(`oss-${year}-q${quarter}.csv`, csv, CSV_TYPE),
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        type="number"
        size="small"
        label={translate('resources.vat-rates.oss.year')}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
        sx={{ width: 100 }}
      />
      <TextField
        select
        size="small"
        label={translate('resources.vat-rates.oss.quarter')}
        value={quarter}
        onChange={(e) => setQuarter(Number(e.target.value))}
      >
        {[1, 2, 3, 4].map((q) => (
          <MenuItem key={q} value={q}>
            Q{q}
          </MenuItem>
        ))}
      </TextField>
      <Button label="resources.vat-rates.oss.download" disabled={isPending} onClick={() => run()}>
        <DownloadIcon />
      </Button>
    </Stack>
  );
}
