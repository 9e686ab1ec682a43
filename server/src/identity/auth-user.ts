import type { Role } from '@market/shared';

/**
 * Who made the request, as the auth middleware settles it. In its own file so that app-env.ts
 * need not import the middleware (which imports app-env.ts).
 */
export type AuthUser = {
  uid: string;
  email: string | null;
  name: string | null;
  role: Role;
  /** Set for sellers (and applicants): every seller route scopes by it. */
  sellerId: string | null;
  emailVerified: boolean;
  /** `password`, `google.com` … */
  signInProvider: string;
  /** When the user last proved who they are (the token's `auth_time`), in seconds since 1970. */
  authTime: number;
  /**
   * How the request proved who it is; cookie-authenticated writes must be same-origin. `token`:
   * a seller's API token (modules/seller-api), limited to the seller API and its `scopes`.
   */
  via: 'bearer' | 'cookie' | 'token';
  /** A token's scopes (`offers:read` …); absent for a person's session. */
  scopes?: string[];
};
