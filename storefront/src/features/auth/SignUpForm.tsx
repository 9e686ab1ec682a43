import { PASSWORD_MIN_LENGTH } from '@market/shared';
import { useId, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import {
  fieldErrorText,
  SIGN_UP_FIELDS,
  validateSignUp,
  type SignUpErrors,
  type SignUpValues,
} from './sign-up.ts';
import { TextField } from './TextField.tsx';

interface SignUpFormProps {
  t: Pick<Messages, 'login' | 'fieldErrors'>;
  /** Disables every control: a request is running, or the page is not hydrated yet. */
  busy: boolean;
  /** Sends the checked form; resolves to the API's field errors (empty when none). */
  onSubmit: (values: SignUpValues) => Promise<SignUpErrors>;
}

const EMPTY: SignUpValues = {
  name: '',
  surname: '',
  email: '',
  password: '',
  marketingConsent: false,
};

/** Password sign-up, checked with the API's own rules before it is sent. */
export function SignUpForm({ t, busy, onSubmit }: SignUpFormProps) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<SignUpErrors>({});

  const set =
    <K extends keyof SignUpValues>(key: K) =>
    (value: SignUpValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const showErrors = (next: SignUpErrors) => {
    setErrors(next);
    const first = SIGN_UP_FIELDS.find((field) => next[field]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return first !== undefined;
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (showErrors(validateSignUp(values))) return;
    showErrors(await onSubmit(values));
  };

  const errorOf = (field: keyof SignUpErrors) => {
    const error = errors[field];
    return error === undefined ? undefined : fieldErrorText(error, t.fieldErrors);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={busy}>
        <TextField
          inputId={`${id}-name`}
          label={t.login.name}
          autoComplete="given-name"
          required
          value={values.name}
          onChange={set('name')}
          error={errorOf('name')}
        />
        <TextField
          inputId={`${id}-surname`}
          label={t.login.surname}
          autoComplete="family-name"
          value={values.surname}
          onChange={set('surname')}
          error={errorOf('surname')}
        />
        <TextField
          inputId={`${id}-email`}
          label={t.login.email}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set('email')}
          error={errorOf('email')}
        />
        <TextField
          inputId={`${id}-password`}
          label={t.login.password}
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set('password')}
          hint={interpolate(t.login.passwordHint, { min: PASSWORD_MIN_LENGTH })}
          error={errorOf('password')}
        />
        <div className="checkbox">
          <input
            id={`${id}-consent`}
            type="checkbox"
            checked={values.marketingConsent}
            onChange={(event) => set('marketingConsent')(event.target.checked)}
          />
          <label htmlFor={`${id}-consent`}>{t.login.marketingConsent}</label>
        </div>
        <button type="submit" className="primary">
          {t.login.createAccount}
        </button>
      </fieldset>
    </form>
  );
}
