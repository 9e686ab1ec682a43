import { createHash, randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../logger.ts';
import { toObjectId } from '../offers/object-ids.ts';
import type { ApiTokenDoc, ApiTokenRepository } from './api-tokens.repository.ts';
import { createTokenCache } from './token-cache.ts';

/** What a token resolves to: who it acts as and what it may do. */
export type TokenHolder = {
  tokenId: string;
  sellerId: string;
  uid: string;
  scopes: ApiTokenScope[];
};

/** Tokens a seller may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_TOKENS = 25;

/** `lastUsedAt` is written at most this often per token (a busy script would write per call). */
const TOUCH_EVERY_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

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
 * 256 random bits, so a fast hash is enough: nothing to guess), resolved on each request through
 * a short cache, revoked for good.
 */
export function createApiTokenService(deps: {
  tokens: ApiTokenRepository;
  /** How long a resolved token is trusted without reading it again. */
  cacheMs: number;
  log: Logger;
  now?: () => Date;
}) {
  const { tokens, log } = deps;
  const now = deps.now ?? (() => new Date());
  // A refusal is cached too (null), so a script hammering with a revoked token reads nothing.
  const cache = createTokenCache<{ holder: TokenHolder | null; hash: string }>(deps.cacheMs);
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
    async create(sellerId: string, uid: string, body: ApiTokenCreate): Promise<ApiTokenCreated> {
      if ((await tokens.countActive(sellerId)) >= MAX_ACTIVE_TOKENS) {
        throw new AppError('CONFLICT', {
          message: `At most ${MAX_ACTIVE_TOKENS} active tokens: revoke one first`,
        });
      }
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

    async page(sellerId: string, skip: number, limit: number) {
      const { rows, total } = await tokens.pageOfSeller(sellerId, skip, limit);
      return { rows: rows.map(toApiToken), total };
    },

    async get(sellerId: string, id: string): Promise<ApiToken> {
      const oid = toObjectId(id);
      const doc = oid && (await tokens.findOwn(oid, sellerId));
      if (!doc) throw new AppError('NOT_FOUND');
      return toApiToken(doc);
    },

    /** Revoked at once on this instance; other instances' caches let it go within `cacheMs`. */
    async revoke(sellerId: string, id: string): Promise<ApiToken> {
      const oid = toObjectId(id);
      const doc = oid && (await tokens.revokeOwn(oid, sellerId, now()));
      if (!doc) throw new AppError('NOT_FOUND');
      cache.forget(doc.hash);
      return toApiToken(doc);
    },

    /**
     * Who a presented token acts as; null when unknown or revoked. A cached answer needs no
     * database read. (Whether the account is blocked is the middleware's check, every call.)
     */
    async resolve(token: string): Promise<TokenHolder | null> {
      const hash = hashOf(token);
      const cached = cache.get(hash);
      if (cached) {
        if (cached.holder) touch(cached.holder);
        return cached.holder;
      }
      const doc = await tokens.findByHash(hash);
      let holder: TokenHolder | null = null;
      if (doc && !doc.revokedAt) {
        holder = {
          tokenId: doc._id.toHexString(),
          sellerId: doc.sellerId,
          uid: doc.uid,
          scopes: doc.scopes,
        };
      }
      cache.set(hash, { holder, hash });
      if (holder) touch(holder);
      return holder;
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
