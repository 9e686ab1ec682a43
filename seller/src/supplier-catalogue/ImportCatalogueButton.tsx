import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import { errorNotification } from '@market/console-kit';
import type { SupplierImport } from '@market/shared';
import { LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import {
  Button,
  useCreate,
  useGetList,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 1000;

/** Percent done, or null while the catalogue's size is unknown (an indeterminate bar). */
export function importPercent(progress: Pick<SupplierImport, 'done' | 'total'>): number | null {
  if (!progress.total) return null;
  return Math.min(100, Math.round((100 * progress.done) / progress.total));
}

function ImportProgress({ progress }: { progress: SupplierImport }) {
  const translate = useTranslate();
  const percent = importPercent(progress);
  const text =
    percent === null
      ? translate('resources.supplier-products.import.progress_unknown', { done: progress.done })
      : translate('resources.supplier-products.import.progress', {
          done: progress.done,
          total: progress.total,
        });
  return (
    <>
      <LinearProgress
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={translate('resources.supplier-products.import.running')}
      />
      <Typography variant="caption">{text}</Typography>
    </>
  );
}

/**
 * "Import catalogue" for one connection, and the progress of its import: a determinate bar while
 * it runs (polled), resumed by the server after a restart, so a reload finds it still running.
 */
export function ImportCatalogueButton({ connectionId }: { connectionId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data } = useGetList<SupplierImport>(
    'supplier-imports',
    {
      filter: { connectionId },
      sort: { field: 'startedAt', order: 'DESC' },
      pagination: { page: 1, perPage: 1 },
    },
    {
      refetchInterval: (query) =>
        query.state.data?.data[0]?.status === 'running' ? IMPORT_POLL_MS : false,
    },
  );
  const latest = data?.[0];
  const [create, { isPending }] = useCreate<SupplierImport>();

  // When a running import ends: say how it went and reload the catalogue it filled.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!latest) return;
    if (watched.current === latest.id && latest.status !== 'running') {
      if (latest.status === 'done') {
        notify('resources.supplier-products.notifications.import_done', {
          type: 'success',
          messageArgs: { count: latest.done },
        });
      } else {
        notify('resources.supplier-products.notifications.import_failed', {
          type: 'error',
          messageArgs: { error: latest.error ?? '' },
        });
      }
      refresh();
    }
    watched.current = latest.status === 'running' ? latest.id : null;
  }, [latest, notify, refresh]);

  const start = () =>
    void create(
      'supplier-imports',
      { data: { connectionId } },
      // Creating refetches the resource's lists: this one then finds the import running.
      { onError: (error) => notify(errorNotification(error), { type: 'error' }) },
    );
  const running = latest?.status === 'running';
  return (
    <Stack spacing={0.5} sx={{ minWidth: 260 }}>
      <Button
        label="resources.supplier-products.actions.import"
        variant="contained"
        disabled={running || isPending}
        onClick={start}
      >
        <CloudDownloadIcon />
      </Button>
      {running ? <ImportProgress progress={latest} /> : null}
      {latest && latest.status === 'failed' ? (
        <Typography variant="caption" color="error">
          {translate('resources.supplier-products.import.failed', { error: latest.error ?? '' })}
        </Typography>
      ) : null}
      {latest && latest.status === 'done' ? (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.supplier-products.import.last', {
            count: latest.done,
            date: new Date(latest.finishedAt ?? latest.updatedAt).toLocaleString(locale),
          })}
        </Typography>
      ) : null}
    </Stack>
  );
}
