import { ProfileAddSocialSchema } from '@market/shared';
import { describe, expect, it } from 'vitest';
import { profileAddSocialBody, socialName, splitDisplayName } from './social-profile.ts';

const user = { uid: 'uid-1', email: 'ada@example.com', displayName: 'Ada Lovelace' };

describe('splitDisplayName', () => {
  it('takes the first word as name and the rest as surname', () => {
    expect(splitDisplayName('Ada Lovelace')).toEqual({ name: 'Ada', surname: 'Lovelace' });
    expect(splitDisplayName('  Ada   King  Lovelace ')).toEqual({
      name: 'Ada',
      surname: 'King Lovelace',
    });
  });

  it('copes with one word or none', () => {
    expect(splitDisplayName('Cher')).toEqual({ name: 'Cher', surname: '' });
    expect(splitDisplayName('')).toEqual({ name: '', surname: '' });
    expect(splitDisplayName(null)).toEqual({ name: '', surname: '' });
  });

  it('keeps within the API limit of 80 characters', () => {
    const { name, surname } = splitDisplayName(`${'a'.repeat(90)} ${'b'.repeat(90)}`);
    expect(name).toHaveLength(80);
    expect(surname).toHaveLength(80);
  });
});

describe('socialName', () => {
  it("prefers Google's given and family names", () => {
    expect(
      socialName(user, { given_name: 'Maria Grazia', family_name: 'De Luca', name: 'x y' }),
    ).toEqual({ name: 'Maria Grazia', surname: 'De Luca' });
  });

  it('splits the display name when Google sent no given name', () => {
    expect(socialName(user, { family_name: 'Ignored' })).toEqual({
      name: 'Ada',
      surname: 'Lovelace',
    });
    expect(socialName(user, null)).toEqual({ name: 'Ada', surname: 'Lovelace' });
  });

  it('falls back to the email local part, never an empty name', () => {
    expect(socialName({ ...user, displayName: null })).toEqual({ name: 'ada', surname: '' });
    expect(socialName({ uid: 'u', email: null, displayName: null })).toEqual({
      name: 'Customer',
      surname: '',
    });
  });
});

describe('profileAddSocialBody', () => {
  it('builds a body the API schema accepts', () => {
    const body = profileAddSocialBody(user, undefined, {
      tokenRecaptcha: 'token',
      locale: 'it',
      referrer: null,
    });
    expect(body).toEqual({
      id: 'uid-1',
      user: { email: 'ada@example.com', name: 'Ada', surname: 'Lovelace' },
      tokenRecaptcha: 'token',
      locale: 'it',
      referrer: null,
    });
    expect(ProfileAddSocialSchema.safeParse(body).success).toBe(true);
  });
});
