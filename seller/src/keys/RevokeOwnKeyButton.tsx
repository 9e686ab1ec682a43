import BlockIcon from '@mui/icons-material/Block';
import { DialogContentText, TextField } from '@mui/material';
import {
  errorNotification,
  errorStatus,
  useAction,
  type ConsoleDataProvider,
} from '@market/console-kit';
import type { MaskedKey } from '@market/shared';
import { useState } from 'react';
import {
  Button,
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';

/** The longest reason the API takes (SellerKeyRevokeSchema). */
const REASON_MAX_LENGTH = 200;

/** Revoke, for an own available key: after a confirmation it leaves stock for good. */
export function RevokeOwnKeyButton() {
  const record = useRecordContext<MaskedKey>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { run, isPending } = useAction(
    (id: MaskedKey['id'], why: string) =>
      dataProvider.postAction(`/keys/${encodeURIComponent(id)}/revoke`, {
        ...(why && { reason: why }),
      }),
    {
      onSuccess: () => {
        notify('resources.keys.notifications.revoked', { type: 'info' });
        setReason('');
        refresh();
      },
      onError: (error) => {
        // 409: the key was sold meanwhile; show it as it is now.
        if (errorStatus(error) === 409) {
          notify('resources.keys.notifications.conflict', { type: 'warning' });
          refresh();
        } else {
          notify(errorNotification(error), { type: 'error' });
        }
      },
    },
  );
  if (record?.status !== 'available') return null;

  return (
    <>
      <Button
        label="resources.keys.actions.revoke"
        color="error"
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="resources.keys.revoke.title"
        titleTranslateOptions={{ masked: record.masked }}
        content={
          <>
            <DialogContentText>{translate('resources.keys.revoke.content')}</DialogContentText>
            <TextField
              label={translate('resources.keys.revoke.reason')}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
              fullWidth
              margin="normal"
            />
          </>
        }
        confirmColor="warning"
        onConfirm={() => {
          setOpen(false);
          run(record.id, reason.trim());
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
