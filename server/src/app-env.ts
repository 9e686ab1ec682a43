import type { Role } from '@market/shared';
import type { Logger } from './logger.ts';

/** Who the request is, as `authenticate` (middleware/auth.ts) settled it. */
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
  /** How the request proved who it is; cookie-authenticated writes must be same-origin. */
  via: 'bearer' | 'cookie';
};

/** Hono's typed context variables, set by middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    user: AuthUser;
    /**
     * Why a credential was refused (an AppError); routes that need a user throw it, public
     * routes ignore it. Typed as Error so this file imports nothing of the app's (no cycle).
     */
    authFailure: Error;
    /** The client's address, settled by `resolveRemoteIp` (the proxy's word only when trusted). */
    remoteIp: string | undefined;
  };
};
