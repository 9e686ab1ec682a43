import { NAME_MAX_LENGTH, type Locale, type ProfileAddSocialSchema } from '@market/shared';
import type { z } from 'zod';

/** What `profile/addsocial` needs from the signed-in Firebase user. */
export interface SocialUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

/** The Google profile Firebase reports with a popup sign-in (`getAdditionalUserInfo().profile`). */
export type ProviderProfile = Record<string, unknown> | null | undefined;

/** The body of `POST /api/user/profile/addsocial`. */
export type ProfileAddSocialBody = z.input<typeof ProfileAddSocialSchema>;

export interface PersonName {
  name: string;
  surname: string;
}

const clip = (text: string) => text.trim().replace(/\s+/g, ' ').slice(0, NAME_MAX_LENGTH).trim();

/** A display name as name and surname: the first word, then the rest ("Ada King Lovelace"). */
export function splitDisplayName(displayName: string | null | undefined): PersonName {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  return { name: clip(words[0] ?? ''), surname: clip(words.slice(1).join(' ')) };
}

function profileString(profile: ProviderProfile, key: string): string {
  const value = profile?.[key];
  return typeof value === 'string' ? clip(value) : '';
}

/**
 * Name and surname of a Google user: Google's own given and family names when it sent them,
 * else the display name split; never an empty name (the API requires one), so the email's
 * local part stands in for a missing one.
 */
export function socialName(user: SocialUser, profile?: ProviderProfile): PersonName {
  const given = profileString(profile, 'given_name');
  const family = profileString(profile, 'family_name');
  const person = given ? { name: given, surname: family } : splitDisplayName(user.displayName);
  if (person.name) return person;
  const local = clip((user.email ?? '').split('@')[0] ?? '');
  return { name: local || person.surname || 'Customer', surname: local ? person.surname : '' };
}

/** The body of `POST /api/user/profile/addsocial` for a user just signed in with Google. */
export function profileAddSocialBody(
  user: SocialUser,
  profile: ProviderProfile,
  context: { tokenRecaptcha: string; locale: Locale; referrer: string | null },
): ProfileAddSocialBody {
  return {
    id: user.uid,
    user: { email: user.email ?? '', ...socialName(user, profile) },
    ...context,
  };
}
