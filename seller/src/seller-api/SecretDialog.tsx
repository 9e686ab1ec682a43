import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
} from '@mui/material';
import { Button, useNotify, useTranslate } from 'react-admin';

/**
 * Shows a secret the server gives this once (an API token, a webhook signing secret): copy it
 * now, it cannot be shown again. `onClose` leaves the page.
 */
export function SecretDialog({
  secret,
  title,
  onClose,
}: {
  secret: string | null;
  title: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    notify('app.seller_api.copied', { type: 'info' });
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.seller_api.shown_once')}
        </Alert>
        <TextField
          value={secret ?? ''}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, 'aria-label': translate(title) },
            input: {
              endAdornment: (
                <IconButton
                  aria-label={translate('app.seller_api.copy')}
                  onClick={() => void copy()}
                >
                  <ContentCopyIcon />
                </IconButton>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button label="app.seller_api.saved_it" onClick={onClose} variant="contained" />
      </DialogActions>
    </Dialog>
  );
}
