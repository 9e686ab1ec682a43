import UploadIcon from '@mui/icons-material/AddPhotoAlternate';
import { Stack, Typography } from '@mui/material';
import { errorNotification, useAction } from '@market/console-kit';
import { MAX_IMAGE_UPLOAD_BYTES, type AdminProduct } from '@market/shared';
import type { ChangeEvent } from 'react';
import {
  Button,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/** The formats the server takes (it checks the bytes; this only narrows the file picker). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff';

/** A file's bytes as base64 (the upload's JSON body). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads a picture for the product being edited: the server renders its widths and adds it
 * after the product's images (shown below, where its shape and size can be changed). Only on
 * a saved product: the upload needs its id.
 */
export function ProductImageUpload() {
  const record = useRecordContext<AdminProduct>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const { run, isPending } = useAction(
    async (id: string, file: File) =>
      dataProvider.uploadProductImage({ id, data: await readBase64(file) }),
    {
      onSuccess: () => {
        notify('resources.products.notifications.image_uploaded', { type: 'info' });
        refresh();
      },
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );
  if (!record?.id) return null;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      notify('resources.products.notifications.image_too_large', { type: 'error' });
      return;
    }
    run(record.id, file);
  };

  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
      <Button
        component="label"
        variant="outlined"
        label="resources.products.actions.upload_image"
        disabled={isPending}
      >
        <>
          <UploadIcon />
          <input type="file" accept={ACCEPT} hidden onChange={onChange} />
        </>
      </Button>
      <Typography variant="body2" color="text.secondary">
        {translate('resources.products.help.upload_image')}
      </Typography>
    </Stack>
  );
}
