import DownloadIcon from '@mui/icons-material/Download';
import {
  errorNotification,
  saveFile,
  useAction,
  type ConsoleDataProvider,
} from '@market/console-kit';
import type { AdminInvoice } from '@market/shared';
import type { MouseEvent } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext } from 'react-admin';

type InvoiceFile = { filename: string; contentType: string; base64: string };

/** Saves the PDF the browser got as base64 under its name. */
function savePdf(file: InvoiceFile) {
  const bytes = Uint8Array.from(atob(file.base64), (ch) => ch.charCodeAt(0));
  saveFile(file.filename, bytes, file.contentType);
}

/**
 * Downloads the row's PDF. The console signs its calls with a Bearer token a plain link cannot
 * carry, so it asks the API for the file as JSON and saves it.
 */
export function InvoiceDownload(_props: { label?: string }) {
  const record = useRecordContext<AdminInvoice>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const { run, isPending } = useAction(
    () => dataProvider.getJson<InvoiceFile>(`/api/admin/invoices/${record!.id}/document`),
    {
      onSuccess: savePdf,
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );
  if (!record) return null;
  return (
    <Button
      label="resources.invoices.download"
      disabled={isPending}
      onClick={(e: MouseEvent<HTMLElement>) => {
        // The row's click would open the record.
        e.stopPropagation();
        run();
      }}
    >
      <DownloadIcon />
    </Button>
  );
}
