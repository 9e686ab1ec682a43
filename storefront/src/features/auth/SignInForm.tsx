import { useId, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { TextField } from './TextField.tsx';

interface SignInFormProps {
  t: Pick<Messages, 'login' | 'fieldErrors'>;
  /** Disables every control: a request is running, or the page is not hydrated yet. */
  busy: boolean;
  initialEmail: string;
  onSubmit: (email: string, password: string) => void;
}

/** Email and password sign-in; only checks that both are there, Firebase judges the rest. */
export function SignInForm({ t, busy, initialEmail, onSubmit }: SignInFormProps) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState({ email: false, password: false });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = { email: email.trim() === '', password: password === '' };
    setMissing(next);
    if (next.email || next.password) {
      document.getElementById(next.email ? `${id}-email` : `${id}-password`)?.focus();
      return;
    }
    onSubmit(email, password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={busy}>
        <TextField
          inputId={`${id}-email`}
          label={t.login.email}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
          error={missing.email ? t.fieldErrors.required : undefined}
        />
        <TextField
          inputId={`${id}-password`}
          label={t.login.password}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={missing.password ? t.fieldErrors.required : undefined}
        />
        <button type="submit" className="primary">
          {t.login.signIn}
        </button>
      </fieldset>
    </form>
  );
}
