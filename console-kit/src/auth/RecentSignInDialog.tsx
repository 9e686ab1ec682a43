import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState, useSyncExternalStore, type SubmitEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { RecentSignInPrompt } from './recent-sign-in.ts';
import { signInErrorKey } from './sign-in-errors.ts';

/**
 * "Confirm it's you": shown while a sensitive action waits for a fresh sign-in (see
 * `RecentSignInPrompt`). The person types their password; the action then finishes by itself.
 */
export function RecentSignInDialog({ prompt }: { prompt: RecentSignInPrompt }) {
  const translate = useTranslate();
  const titleId = useId();
  const email = useSyncExternalStore(prompt.subscribe, prompt.email);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setPassword('');
    setError(null);
    setBusy(false);
  };
  const confirm = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      await prompt.confirm(password);
      reset();
    } catch (failure) {
      setError(translate(signInErrorKey(failure)));
      setBusy(false);
    }
  };
  const cancel = () => {
    reset();
    prompt.cancel();
  };

  return (
    <Dialog
      open={email !== null}
      onClose={cancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={(event) => void confirm(event)} noValidate>
        <DialogTitle id={titleId}>{translate('app.auth.recent_sign_in.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('app.auth.recent_sign_in.explain', { email: email ?? '' })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            type="password"
            autoComplete="current-password"
            label={translate('ra.auth.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            disabled={busy}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !password}>
            {translate('app.auth.recent_sign_in.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
