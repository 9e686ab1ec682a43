import CopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import {
  errorNotification,
  ReasonField,
  useAction,
  type ConsoleDataProvider,
} from '@market/console-kit';
import {
  KEY_REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  type MaskedKey,
  type RevealedKey,
} from '@market/shared';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { revealKey } from './key-actions.ts';

/** The image as a URL the dialog shows and saves, without another request. */
const imageUrl = ({ mimeType, base64 }: { mimeType: string; base64: string }) =>
  `data:${mimeType};base64,${base64}`;

/**
 * Reveal: a dialog asks why (the reveal is recorded with the reason), then shows the code once,
 * with a copy button; an image code (a supplier's scanned card) as the picture, with a download.
 * Closing the dialog forgets the code.
 */
export function RevealKeyButton() {
  const record = useRecordContext<MaskedKey>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [code, setCode] = useState<RevealedKey | null>(null);
  const { run, isPending } = useAction(
    (id: MaskedKey['id'], why: string) => revealKey(dataProvider, id, why),
    {
      onSuccess: setCode,
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );
  if (!record) return null;

  const close = () => {
    setOpen(false);
    setReason('');
    setCode(null);
  };
  const reasonOk = reason.trim().length >= REASON_MIN_LENGTH;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify('resources.keys.reveal.copied', { type: 'info' });
    } catch {
      notify('resources.keys.reveal.copy_failed', { type: 'warning' });
    }
  };

  return (
    <>
      <Button
        label="resources.keys.actions.reveal"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <VisibilityIcon />
      </Button>
      <Dialog
        open={open}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby="reveal-key-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="reveal-key-title">
          {translate('resources.keys.reveal.title', { masked: record.masked })}
        </DialogTitle>
        {code === null ? (
          <DialogContent>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('resources.keys.reveal.warning')}
            </Alert>
            <ReasonField
              label="resources.keys.reveal.reason"
              help="resources.keys.reveal.reason_help"
              value={reason}
              onChange={setReason}
              minLength={REASON_MIN_LENGTH}
              maxLength={KEY_REASON_MAX_LENGTH}
              required
              autoFocus
            />
          </DialogContent>
        ) : (
          <DialogContent>
            <Typography variant="body2" gutterBottom>
              {translate('resources.keys.reveal.shown_once')}
            </Typography>
            {code.kind === 'image' ? (
              <Box
                component="img"
                src={imageUrl(code.image)}
                alt={translate('resources.keys.reveal.image_alt')}
                sx={{ display: 'block', maxWidth: '100%', maxHeight: 360, borderRadius: 1 }}
              />
            ) : (
              <Box
                component="output"
                aria-label={translate('resources.keys.reveal.code')}
                sx={{
                  display: 'block',
                  fontFamily: 'monospace',
                  fontSize: '1.25rem',
                  p: 2,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  wordBreak: 'break-all',
                }}
              >
                {code.code}
              </Box>
            )}
          </DialogContent>
        )}
        <DialogActions>
          {code === null ? (
            <>
              <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
              <MuiButton
                color="warning"
                variant="contained"
                disabled={!reasonOk || isPending}
                onClick={() => run(record.id, reason.trim())}
              >
                {translate('resources.keys.reveal.confirm')}
              </MuiButton>
            </>
          ) : (
            <>
              {code.kind === 'image' ? (
                <MuiButton
                  startIcon={<DownloadIcon />}
                  href={imageUrl(code.image)}
                  download={code.image.filename}
                >
                  {translate('resources.keys.reveal.download')}
                </MuiButton>
              ) : (
                <MuiButton startIcon={<CopyIcon />} onClick={() => void copy(code.code)}>
                  {translate('resources.keys.reveal.copy')}
                </MuiButton>
              )}
              <MuiButton variant="contained" onClick={close}>
                {translate('ra.action.close')}
              </MuiButton>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
