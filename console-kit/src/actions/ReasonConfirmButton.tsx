import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Button as MuiButton,
} from '@mui/material';
import { useId, useState, type ReactElement } from 'react';
import { Button, useNotify, useRefresh, useTranslate } from 'react-admin';
import { errorNotification, errorStatus } from './api-error.ts';
import { ReasonField } from './ReasonField.tsx';
import { useAction } from './use-action.ts';

export interface ReasonConfirmButtonProps {
  /** Translation key of the button. */
  label: string;
  icon: ReactElement;
  /** `error` for what takes something away (reject, suspend, revoke). */
  color?: 'primary' | 'error';
  /** Translation keys of the dialog: its title (with `titleOptions`) and what it explains. */
  title: string;
  titleOptions?: Record<string, unknown>;
  content: string;
  /** Translation key of the dialog's confirm button; react-admin's "Confirm" by default. */
  confirmLabel?: string;
  /** The reason field; without it the dialog only asks to confirm. */
  reason?: {
    /** Translation keys of the reason's label and help (`%{min}`, `%{max}`: the limits). */
    label: string;
    help?: string;
    /** The shortest reason accepted, once trimmed; 0 leaves it optional. */
    minLength: number;
    /** The longest reason the API takes. */
    maxLength: number;
  };
  /** Sends the action with the trimmed reason (empty without a reason field). */
  action: (reason: string) => Promise<unknown>;
  /** Notification keys: done, and 409 (the record changed meanwhile: it is shown as it is now). */
  successMessage: string;
  conflictMessage: string;
  /** What to tell instead of `successMessage` (a bulk action reports its counts). */
  onSuccess?: (result: unknown) => void;
}

/**
 * A button that opens a dialog asking why (when `reason` is given), then runs the action with
 * the reason: the consoles' approve / reject / suspend / revoke. Clicks never reach a datagrid
 * row; a 409 refreshes the page to show the record as it is now.
 */
export function ReasonConfirmButton({
  label,
  icon,
  color = 'primary',
  title,
  titleOptions,
  content,
  confirmLabel = 'ra.action.confirm',
  reason: reasonRule,
  action,
  successMessage,
  conflictMessage,
  onSuccess,
}: ReasonConfirmButtonProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const { run, isPending } = useAction(action, {
    onSuccess: (result) => {
      if (onSuccess) onSuccess(result);
      else notify(successMessage, { type: 'info' });
      setReason('');
      refresh();
    },
    onError: (error) => {
      if (errorStatus(error) === 409) {
        notify(conflictMessage, { type: 'warning' });
        refresh();
      } else {
        notify(errorNotification(error), { type: 'error' });
      }
    },
  });
  const reasonOk = reason.trim().length >= (reasonRule?.minLength ?? 0);

  return (
    <>
      <Button
        label={label}
        color={color}
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {icon}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{translate(title, titleOptions)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(content)}</DialogContentText>
          {reasonRule && (
            <ReasonField
              label={reasonRule.label}
              help={reasonRule.help}
              value={reason}
              onChange={setReason}
              minLength={reasonRule.minLength}
              maxLength={reasonRule.maxLength}
              required={reasonRule.minLength > 0}
            />
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            color={color}
            variant="contained"
            disabled={!reasonOk || isPending}
            onClick={() => {
              setOpen(false);
              run(reason.trim());
            }}
          >
            {translate(confirmLabel)}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
