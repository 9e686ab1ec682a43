import {
  EmailSchema,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PasswordSchema,
  type Locale,
  type ProfileAddSchema,
} from '@market/shared';
import type { z } from 'zod';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';

export interface SignUpValues {
  name: string;
  surname: string;
  email: string;
  password: string;
  marketingConsent: boolean;
}

export const SIGN_UP_FIELDS = ['name', 'surname', 'email', 'password'] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

/** A field error as a message key and its placeholder values, so it renders in any language. */
export interface FieldError {
  key: keyof Messages['fieldErrors'];
  values?: Readonly<Record<string, number>>;
}
/** Errors per field: a message key (client-side check) or the API's own text. */
export type SignUpErrors = Partial<Record<SignUpField, FieldError | string>>;

/** The body of `POST /api/user/profile/add`. */
export type ProfileAddBody = z.input<typeof ProfileAddSchema>;

/** The sign-up form checked with the API's own rules; empty when it can be sent. */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = { key: 'required' };
  else if (name.length > NAME_MAX_LENGTH)
    errors.name = { key: 'tooLong', values: { max: NAME_MAX_LENGTH } };
  if (values.surname.trim().length > NAME_MAX_LENGTH) {
    errors.surname = { key: 'tooLong', values: { max: NAME_MAX_LENGTH } };
  }
  const email = values.email.trim();
  if (!email) errors.email = { key: 'required' };
  else if (!EmailSchema.safeParse(email).success) errors.email = { key: 'emailInvalid' };
  if (!PasswordSchema.safeParse(values.password).success) {
    errors.password =
      values.password.length < PASSWORD_MIN_LENGTH
        ? { key: 'passwordTooShort', values: { min: PASSWORD_MIN_LENGTH } }
        : { key: 'passwordTooLong', values: { max: PASSWORD_MAX_LENGTH } };
  }
  return errors;
}

/** The text of a field error in the page's language. */
export function fieldErrorText(error: FieldError | string, t: Messages['fieldErrors']): string {
  return typeof error === 'string' ? error : interpolate(t[error.key], error.values ?? {});
}

/** The body of `POST /api/user/profile/add` for a checked form. */
export function profileAddBody(
  values: SignUpValues,
  context: { tokenRecaptcha: string; locale: Locale; referrer: string | null },
): ProfileAddBody {
  return {
    user: {
      email: values.email.trim(),
      name: values.name.trim(),
      surname: values.surname.trim(),
      marketingConsent: values.marketingConsent,
    },
    tokenRecaptcha: context.tokenRecaptcha,
    password: values.password,
    locale: context.locale,
    referrer: context.referrer,
  };
}

const FIELD_BY_API_PATH: Readonly<Record<string, SignUpField>> = {
  'user.name': 'name',
  'user.surname': 'surname',
  'user.email': 'email',
  password: 'password',
};

/**
 * The API's field errors (a 400's `errors`, keyed by body path) on the form's fields; a refused
 * reCAPTCHA token has no field, so it is reported apart.
 */
export function apiSignUpErrors(errors: Readonly<Record<string, string>> | undefined): {
  fields: SignUpErrors;
  recaptcha: boolean;
} {
  const fields: SignUpErrors = {};
  let recaptcha = false;
  for (const [path, message] of Object.entries(errors ?? {})) {
    const field = FIELD_BY_API_PATH[path];
    if (field) fields[field] = message;
    else if (path === 'tokenRecaptcha') recaptcha = true;
  }
  return { fields, recaptcha };
}
