import { ProfileAddSchema } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { it as itMessages } from '../../i18n/it.ts';
import {
  apiSignUpErrors,
  fieldErrorText,
  profileAddBody,
  validateSignUp,
  type SignUpValues,
} from './sign-up.ts';

const valid: SignUpValues = {
  name: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  marketingConsent: false,
};

describe('validateSignUp', () => {
  it('accepts a complete form, surname optional', () => {
    expect(validateSignUp(valid)).toEqual({});
    expect(validateSignUp({ ...valid, surname: '' })).toEqual({});
  });

  it('requires a name and an email', () => {
    expect(validateSignUp({ ...valid, name: '  ', email: '' })).toEqual({
      name: { key: 'required' },
      email: { key: 'required' },
    });
  });

  it('checks the email with the shared schema', () => {
    expect(validateSignUp({ ...valid, email: 'not-an-email' })).toEqual({
      email: { key: 'emailInvalid' },
    });
    expect(validateSignUp({ ...valid, email: ' ada@example.com ' })).toEqual({});
  });

  it('asks for at least PASSWORD_MIN_LENGTH password characters, at most 128', () => {
    expect(validateSignUp({ ...valid, password: '12345' })).toEqual({
      password: { key: 'passwordTooShort', values: { min: 6 } },
    });
    expect(validateSignUp({ ...valid, password: '123456' })).toEqual({});
    expect(validateSignUp({ ...valid, password: 'x'.repeat(129) })).toEqual({
      password: { key: 'passwordTooLong', values: { max: 128 } },
    });
  });

  it('limits name and surname to 80 characters', () => {
    expect(validateSignUp({ ...valid, name: 'n'.repeat(81), surname: 's'.repeat(81) })).toEqual({
      name: { key: 'tooLong', values: { max: 80 } },
      surname: { key: 'tooLong', values: { max: 80 } },
    });
  });
});

describe('fieldErrorText', () => {
  it('renders a key in the page language, and API text as it is', () => {
    const short = { key: 'passwordTooShort', values: { min: 6 } } as const;
    expect(fieldErrorText(short, en.fieldErrors)).toBe('At least 6 characters');
    expect(fieldErrorText(short, itMessages.fieldErrors)).toBe('Almeno 6 caratteri');
    expect(fieldErrorText('Not a valid email address', en.fieldErrors)).toBe(
      'Not a valid email address',
    );
  });
});

describe('profileAddBody', () => {
  it('builds a trimmed body the API schema accepts', () => {
    const body = profileAddBody(
      { ...valid, name: ' Ada ', email: ' ada@example.com ', marketingConsent: true },
      { tokenRecaptcha: 'token', locale: 'it', referrer: 'partner' },
    );
    expect(body).toEqual({
      user: { email: 'ada@example.com', name: 'Ada', surname: 'Lovelace', marketingConsent: true },
      tokenRecaptcha: 'token',
      password: 'secret1',
      locale: 'it',
      referrer: 'partner',
    });
    expect(ProfileAddSchema.safeParse(body).success).toBe(true);
  });
});

describe('apiSignUpErrors', () => {
  it('puts body paths on form fields and reports reCAPTCHA apart', () => {
    expect(
      apiSignUpErrors({
        'user.email': 'Not a valid email address',
        password: 'Too weak',
        tokenRecaptcha: 'Invalid token',
        'user.unknown': 'ignored',
      }),
    ).toEqual({
      fields: { email: 'Not a valid email address', password: 'Too weak' },
      recaptcha: true,
    });
    expect(apiSignUpErrors(undefined)).toEqual({ fields: {}, recaptcha: false });
  });
});
