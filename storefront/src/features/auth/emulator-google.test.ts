import { describe, expect, it } from 'vitest';
import {
  EMULATOR_GOOGLE_MESSAGE,
  fakeGoogleClaims,
  fakeGoogleSubject,
  isEmulatorGoogleMessage,
} from './emulator-google.ts';

describe('fakeGoogleSubject', () => {
  it('is the same for the same email, whatever the case or spaces', () => {
    expect(fakeGoogleSubject(' Ada@Example.com')).toBe(fakeGoogleSubject('ada@example.com'));
  });

  it('differs between emails and is 21 digits', () => {
    const a = fakeGoogleSubject('a@example.com');
    expect(a).toMatch(/^\d{21}$/);
    expect(fakeGoogleSubject('b@example.com')).not.toBe(a);
  });
});

describe('fakeGoogleClaims', () => {
  it('carries a verified email and names split from the display name', () => {
    expect(fakeGoogleClaims('ada@example.com', ' Ada  Lovelace ')).toEqual({
      sub: fakeGoogleSubject('ada@example.com'),
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });

  it('leaves names out without a display name', () => {
    expect(fakeGoogleClaims('ada@example.com')).toEqual({
      sub: fakeGoogleSubject('ada@example.com'),
      email: 'ada@example.com',
      email_verified: true,
    });
  });
});

describe('isEmulatorGoogleMessage', () => {
  it('accepts only the popup answer', () => {
    const claims = fakeGoogleClaims('ada@example.com');
    expect(isEmulatorGoogleMessage({ type: EMULATOR_GOOGLE_MESSAGE, claims })).toBe(true);
    expect(isEmulatorGoogleMessage({ type: 'other', claims })).toBe(false);
    expect(isEmulatorGoogleMessage({ type: EMULATOR_GOOGLE_MESSAGE })).toBe(false);
    expect(isEmulatorGoogleMessage('market:emulator-google')).toBe(false);
    expect(isEmulatorGoogleMessage(null)).toBe(false);
  });
});
