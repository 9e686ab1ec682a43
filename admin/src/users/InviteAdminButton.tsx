import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { errorNotification, useAction } from '@market/console-kit';
import { AdminInviteSchema } from '@market/shared';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Button as MuiButton,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../providers/admin-data-provider.ts';

/**
 * "Invite an admin": a dialog asking for the email (and a name to greet); the server creates the
 * account when missing, gives it the admin role and mails a link to choose a password.
 */
export function InviteAdminButton() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const { run, isPending } = useAction(
    (input: { email: string; name: string }) => dataProvider.inviteAdmin(input),
    {
      onSuccess: () => {
        notify('resources.users.notifications.invited', {
          type: 'info',
          messageArgs: { email },
        });
        setOpen(false);
        setEmail('');
        setName('');
        refresh();
      },
      onError: (error) => notify(errorNotification(error), { type: 'error' }),
    },
  );
  const valid = AdminInviteSchema.safeParse({ email: email.trim(), name }).success;

  return (
    <>
      <Button label="resources.users.actions.invite_admin" onClick={() => setOpen(true)}>
        <PersonAddIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{translate('resources.users.invite.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('resources.users.invite.content')}</DialogContentText>
          <TextField
            label={translate('resources.users.fields.email')}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            fullWidth
            required
            margin="normal"
            autoFocus
          />
          <TextField
            label={translate('resources.users.fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            fullWidth
            margin="normal"
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton
            variant="contained"
            disabled={!valid || isPending}
            onClick={() => run({ email: email.trim(), name: name.trim() })}
          >
            {translate('resources.users.invite.send')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
