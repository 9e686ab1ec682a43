import type { Logger } from './logger.ts';
import type { AuthUser } from './identity/auth-user.ts';

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
    /**
     * The client's country as the trusted proxy in front reports it (CLIENT_COUNTRY_HEADER),
     * settled by `resolveRemoteIp`; unset without such a proxy or header.
     */
    clientCountry: string | undefined;
    /** Whether an admin write's services audited it (`modules/audit/audit-trail.ts`). */
    auditTrail: { handled: boolean };
  };
};
