import { RoleSchema, type Role } from '@market/shared';
import { AUTH_MESSAGE_KEYS } from './message-keys.ts';

/**
 * The permission of someone who applied to sell and is not approved (yet, or any more): the
 * account's `role` claim is still `user`, but it carries a `sellerId` claim.
 */
export const APPLICANT_PERMISSION = 'applicant';

/** What a console lets a signed-in account do: its own role, or only follow an application. */
export type ConsolePermission = Role | typeof APPLICANT_PERMISSION;

export interface ConsoleAccessOptions {
  /** Let applicants (role `user` with a `sellerId` claim) in as `applicant`. */
  admitApplicants?: boolean;
}

/** The `role` custom claim of an ID token, or null when absent or not a known role. */
export function readRole(claims: Readonly<Record<string, unknown>>): Role | null {
  const parsed = RoleSchema.safeParse(claims['role']);
  return parsed.success ? parsed.data : null;
}

/** The `sellerId` custom claim (set for sellers and applicants), or null. */
export function readSellerId(claims: Readonly<Record<string, unknown>>): string | null {
  const sellerId = claims['sellerId'];
  return typeof sellerId === 'string' && sellerId !== '' ? sellerId : null;
}

/** Throws `app.auth.wrong_role` unless the token's claims carry exactly the console's role. */
export function assertRole(claims: Readonly<Record<string, unknown>>, role: Role): Role {
  const actual = readRole(claims);
  if (actual !== role) throw new Error(AUTH_MESSAGE_KEYS.wrongRole);
  return actual;
}

/**
 * The permission the claims give in the console of `role`: that role, `applicant` when the
 * console admits applicants and the account is one, else null (not allowed in).
 */
export function consolePermission(
  claims: Readonly<Record<string, unknown>>,
  role: Role,
  { admitApplicants = false }: ConsoleAccessOptions = {},
): ConsolePermission | null {
  const actual = readRole(claims);
  if (actual === role) return role;
  if (admitApplicants && actual === 'user' && readSellerId(claims) !== null) {
    return APPLICANT_PERMISSION;
  }
  return null;
}

/** Like `consolePermission`, but throws `app.auth.wrong_role` for anyone not allowed in. */
export function assertConsoleAccess(
  claims: Readonly<Record<string, unknown>>,
  role: Role,
  options: ConsoleAccessOptions = {},
): ConsolePermission {
  const permission = consolePermission(claims, role, options);
  if (permission === null) throw new Error(AUTH_MESSAGE_KEYS.wrongRole);
  return permission;
}
