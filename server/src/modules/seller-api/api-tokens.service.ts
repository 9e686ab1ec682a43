import { createHash, randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@market/shared';
import type { AuthUser } from '../../identity/auth-user.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import type { AuditContext, AuditLog } from '../audit/audit.service.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type { ApiTokenDoc, ApiTokenRepository } from './api-tokens.repository.ts';
import { createTokenCache } from './token-cache.ts';

/**
 * What a token resolves to: who it acts as, what it may do, and what the middleware weighs
 * against the account's state on every call (`token-auth.ts`).
 */
export type TokenHolder = {
  tokenId: string;
  sellerId: string;
  uid: string;
  scopes: ApiTokenScope[];
  createdAt: Date;
  revokedAt: Date | null;
};

/** Why every token of an account was revoked at once (the audit entry's reason). */
export const ACCOUNT_REVOCATIONS = {
  role: 'The account’s role changed',
  block: 'The account was blocked',
  erasure: 'The account was erased',
  suspension: 'The seller’s shop is no longer approved',
} as const;
export type AccountRevocation = keyof typeof ACCOUNT_REVOCATIONS;

/** Tokens a seller may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_TOKENS = 25;

/** `lastUsedAt` is written at most this often per token (a busy script would write per call). */
const TOUCH_EVERY_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toHolder = (doc: ApiTokenDoc): TokenHolder => ({
  tokenId: doc._id.toHexString(),
  sellerId: doc.sellerId,
  uid: doc.uid,
  scopes: doc.scopes,
  createdAt: doc.createdAt,
  revokedAt: doc.revokedAt,
});

const toApiToken = (doc: ApiTokenDoc): ApiToken => ({
  id: doc._id.toHexString(),
  name: doc.name,
  prefix: doc.prefix,
  scopes: doc.scopes,
  createdAt: doc.createdAt.toISOString(),
  lastUsedAt: doc.lastUsedAt?.toISOString() ?? null,
  revokedAt: doc.revokedAt?.toISOString() ?? null,
});

/**
 * Sellers' API tokens: created with scopes and shown once, kept as a SHA-256 (a token carries
 * 256 random bits, so a fast hash is enough: nothing to guess), read on each request (dead ones
 * remembered), revoked for good, one by one or all of an account's at once.
 */
export function createApiTokenService(deps: {
  tokens: ApiTokenRepository;
  /** How long an unknown or revoked token is remembered as such (`token-cache.ts`). */
  cacheMs: number;
  auditLog: Pick<AuditLog, 'record'>;
  /** Gives the minting account a users document if it has none: a token's account always has one. */
  accounts: { ensureProfile(caller: AuthUser): Promise<unknown> };
  log: Logger;
  now?: () => Date;
}) {
  const { tokens, log } = deps;
  const now = deps.now ?? (() => new Date());
  // Final refusals only (unknown, revoked): a script hammering with a dead token reads nothing,
  // and nothing here needs telling when a token is revoked, on this instance or another.
  const cache = createTokenCache<{ holder: TokenHolder | null }>(deps.cacheMs);
  const touched = new Map<string, number>();

  function touch(holder: TokenHolder) {
    const at = now();
    if (at.getTime() - (touched.get(holder.tokenId) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(holder.tokenId, at.getTime());
    // Nobody waits for it: a lost `lastUsedAt` only makes the list's date a minute older.
    void tokens
      .touch(new ObjectId(holder.tokenId), at)
      .catch((err: unknown) => log.warn({ err }, 'token lastUsedAt not saved'));
  }

  return {
    async create(caller: AuthUser, body: ApiTokenCreate): Promise<ApiTokenCreated> {
      const { uid } = caller;
      const sellerId = caller.sellerId!;
      if ((await tokens.countActive(sellerId)) >= MAX_ACTIVE_TOKENS) {
        throw new AppError('CONFLICT', {
          message: `At most ${MAX_ACTIVE_TOKENS} active tokens: revoke one first`,
        });
      }
      // The middleware refuses a token whose account has no document (no state to check).
      await deps.accounts.ensureProfile(caller);
      const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
      const doc: ApiTokenDoc = {
        _id: new ObjectId(),
        sellerId,
        uid,
        name: body.name,
        hash: hashOf(token),
        prefix: token.slice(0, API_TOKEN_PREFIX.length + 4),
        scopes: body.scopes,
        createdAt: now(),
        lastUsedAt: null,
        revokedAt: null,
      };
      await tokens.insert(doc);
      return { ...toApiToken(doc), token };
    },

    async page(sellerId: string, skip: number, limit: number, id?: string | string[]) {
      const ids = id === undefined ? undefined : toObjectIds(id);
      const { rows, total } = await tokens.pageOfSeller(sellerId, skip, limit, ids);
      return { rows: rows.map(toApiToken), total };
    },

    async get(sellerId: string, id: string): Promise<ApiToken> {
      const oid = toObjectId(id);
      const doc = oid && (await tokens.findOwn(oid, sellerId));
      if (!doc) throw new AppError('NOT_FOUND');
      return toApiToken(doc);
    },

    /** Revoked for good, on every instance from the next request (a valid token is never cached). */
    async revoke(sellerId: string, id: string): Promise<ApiToken> {
      const oid = toObjectId(id);
      const doc = oid && (await tokens.revokeOwn(oid, sellerId, now()));
      if (!doc) throw new AppError('NOT_FOUND');
      return toApiToken(doc);
    },

    /**
     * Revokes every active token of the account (a role change, a block, an erasure, a shop no
     * longer approved) and says so in the audit log; answers how many. Repeating it is harmless.
     * The middleware already refuses these tokens by the account's state; this makes it final
     * (the seller's list shows them revoked, and no later change of state brings one back).
     */
    async revokeAccount(ctx: AuditContext, uid: string, why: AccountRevocation): Promise<number> {
      const count = await tokens.revokeAllOf(uid, now());
      if (count > 0) {
        // An entry of its own: the request's audit trail still records the action itself.
        await deps.auditLog.record(
          { ...ctx, trail: undefined },
          {
            action: 'apiTokens.revoke',
            target: { type: 'users', id: uid },
            reason: ACCOUNT_REVOCATIONS[why],
            details: { cause: why, count },
          },
        );
      }
      return count;
    },

    /**
     * Who a presented token acts as, revoked or not; null when unknown. A live token is read on
     * every call (one read by its unique hash), so its revocation through any instance counts at
     * the next request everywhere; a dead one is remembered. (The account's state — seller,
     * blocked, erased, sessions ended — is the middleware's check, every call.)
     */
    async resolve(token: string): Promise<TokenHolder | null> {
      const hash = hashOf(token);
      const dead = cache.get(hash);
      if (dead) return dead.holder;
      const doc = await tokens.findByHash(hash);
      const holder = doc && toHolder(doc);
      if (holder && !holder.revokedAt) touch(holder);
      else cache.set(hash, { holder });
      return holder;
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
