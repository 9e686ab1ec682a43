import { RoleSchema, type Role } from '@market/shared';
import { AUTH_MESSAGE_KEYS } from './message-keys.ts';

/** The `role` custom claim of an ID token, or null when absent or not a known role. */
export function readRole(claims: Readonly<Record<string, unknown>>): Role | null {
  const parsed = RoleSchema.safeParse(claims['role']);
  return parsed.success ? parsed.data : null;
}

/** Throws `app.auth.wrong_role` unless the token's claims carry exactly the console's role. */
export function assertRole(claims: Readonly<Record<string, unknown>>, role: Role): Role {
  const actual = readRole(claims);
  if (actual !== role) throw new Error(AUTH_MESSAGE_KEYS.wrongRole);
  return actual;
}
