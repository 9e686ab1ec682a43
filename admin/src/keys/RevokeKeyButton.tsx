import BlockIcon from '@mui/icons-material/Block';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Button as MuiButton,
  TextField,
} from '@mui/material';
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
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH, revokeKey } from './key-actions.ts';

/** Revoke, for an available key: a confirmation asking why, then the key leaves stock for good. */
export function RevokeKeyButton() {
  const record = useRecordContext<MaskedKey>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { run, isPending } = useAction(
    (id: MaskedKey['id'], why: string) => revokeKey(dataProvider, id, why),
    {
      onSuccess: () => {
        notify('resources.keys.notifications.revoked', { type: 'info' });
        setReason('');
        refresh();
      },
      onError: (error) => {
        // 409: the key was sold or revoked meanwhile; show it as it is now.
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
  const reasonOk = reason.trim().length >= REASON_MIN_LENGTH;

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
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby="revoke-key-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="revoke-key-title">
          {translate('resources.keys.revoke.title', { masked: record.masked })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.keys.revoke.content')}</DialogContentText>
          <TextField
            label={translate('resources.keys.reveal.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: REASON_MAX_LENGTH } }}
            required
            multiline
            minRows={2}
            fullWidth
            margin="normal"
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            color="error"
            variant="contained"
            disabled={!reasonOk || isPending}
            onClick={() => {
              setOpen(false);
              run(record.id, reason.trim());
            }}
          >
            {translate('resources.keys.actions.revoke')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
