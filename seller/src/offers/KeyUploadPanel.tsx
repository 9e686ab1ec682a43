import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { errorNotification, useAction } from '@market/console-kit';
import type { KeyUploadResult } from '@market/shared';
import { useId, useState, type ChangeEvent } from 'react';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { SellerDataProvider } from '../providers/seller-data-provider.ts';
import { addUploadResult, parseKeyFile, parseKeyLines, toBatches } from './key-upload.ts';

interface Progress {
  done: number;
  total: number;
}

/** The upload's outcome: its summed report, and whether it stopped on a failed batch. */
interface UploadOutcome {
  report?: KeyUploadResult;
  failed: boolean;
}

/**
 * Adds key codes to the offer in context: pasted one per line or read from a CSV/TXT file (first
 * column), sent in batches of 500 one after another. The codes live only in the textarea, which
 * is emptied once every batch is in; they are never logged nor echoed back.
 */
export function KeyUploadPanel() {
  const record = useRecordContext<{ id: Identifier }>();
  const dataProvider = useDataProvider<SellerDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const titleId = useId();
  const [text, setText] = useState('');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);

  const codes = parseKeyLines(text);

  const upload = async (offerId: Identifier, batches: string[][]): Promise<UploadOutcome> => {
    let report: KeyUploadResult | undefined;
    setOutcome(null);
    setProgress({ done: 0, total: batches.length });
    for (const [index, batch] of batches.entries()) {
      try {
        report = addUploadResult(report, await dataProvider.uploadOfferKeys(offerId, batch));
      } catch (error) {
        notify(errorNotification(error), { type: 'error' });
        return { report, failed: true };
      }
      setProgress({ done: index + 1, total: batches.length });
    }
    return { report, failed: false };
  };

  const { run, isPending } = useAction(upload, {
    onSuccess: (result) => {
      setOutcome(result);
      if (!result.failed) {
        setText('');
        setProgress(null);
        notify('resources.offers.keys.uploaded', { type: 'info' });
      }
      if (result.report) refresh();
    },
  });

  const readFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again reads it again.
    input.value = '';
    if (!file) return;
    file.text().then(
      (content) => {
        const fromFile = parseKeyFile(content);
        setText((current) => [...parseKeyLines(current), ...fromFile].join('\n'));
      },
      () => notify('resources.offers.keys.file_failed', { type: 'error' }),
    );
  };

  if (!record) return null;
  const percent = progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0;

  return (
    <Box component="section" aria-labelledby={`${titleId}-title`} sx={{ p: 2 }}>
      <Typography id={`${titleId}-title`} variant="h6" component="h2" gutterBottom>
        {translate('resources.offers.keys.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('resources.offers.keys.intro')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 600 }}>
        <TextField
          label={translate('resources.offers.keys.paste')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={4}
          maxRows={12}
          disabled={isPending}
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false } }}
          helperText={translate('resources.offers.keys.ready', { smart_count: codes.length })}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button component="label" variant="outlined" disabled={isPending}>
            {translate('resources.offers.keys.file')}
            <input hidden type="file" accept=".csv,.txt,text/csv,text/plain" onChange={readFile} />
          </Button>
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={isPending || codes.length === 0}
            onClick={() => run(record.id, toBatches(codes))}
          >
            {translate('resources.offers.keys.upload')}
          </Button>
        </Stack>
        {progress && (
          <Box>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={translate('resources.offers.keys.progress_label')}
            />
            <Typography variant="caption">
              {translate('resources.offers.keys.progress', progress)}
            </Typography>
          </Box>
        )}
        {outcome?.failed && (
          <Alert severity="error">
            {translate('resources.offers.keys.failed', progress ?? {})}
          </Alert>
        )}
        {outcome?.report && (
          <Alert severity={outcome.failed ? 'warning' : 'success'} role="status">
            <div>{translate('resources.offers.keys.report', { ...outcome.report })}</div>
            <div>{translate('resources.offers.keys.stock', { stock: outcome.report.stock })}</div>
            {outcome.report.rejected > 0 && (
              <div>{translate('resources.offers.keys.rejected_help')}</div>
            )}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}
