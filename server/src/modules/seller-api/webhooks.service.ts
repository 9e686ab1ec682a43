import { createHash, randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointUpdate,
  WebhookEventType,
} from '@market/shared';
import { AppError } from '../../lib/errors.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import { toObjectId, toObjectIds } from '../offers/object-ids.ts';
import type {
  WebhookDeliveryDoc,
  WebhookEndpointDoc,
  WebhookRepository,
} from './webhooks.repository.ts';
import { shownError } from './webhook-errors.ts';
import { checkWebhookUrl } from './webhook-url.ts';

/** Endpoints a seller may register. */
export const MAX_ENDPOINTS = 10;

const toEndpoint = (doc: WebhookEndpointDoc): WebhookEndpoint => ({
  id: doc._id.toHexString(),
  url: doc.url,
  events: doc.events,
  enabled: doc.enabled,
  consecutiveFailures: doc.consecutiveFailures,
  disabledReason: doc.disabledReason,
  secretHint: doc.secretHint,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

export const toDelivery = (doc: WebhookDeliveryDoc): WebhookDelivery => ({
  id: doc._id.toHexString(),
  endpointId: doc.endpointId.toHexString(),
  eventId: doc.eventId,
  type: doc.type,
  status: doc.status,
  attempts: doc.attempts,
  lastStatusCode: doc.lastStatusCode,
  // A raw network error stored by an older version reads as a reason in general terms too.
  lastError: shownError(doc.lastError),
  nextAttemptAt: doc.nextAttemptAt?.toISOString() ?? null,
  deliveredAt: doc.deliveredAt?.toISOString() ?? null,
  createdAt: doc.createdAt.toISOString(),
  payload: doc.payload,
});

/**
 * The event's id: the same whenever the same thing is recorded again (a hook run twice after a
 * crash), so receivers and our unique index both dedupe on it.
 */
const eventIdOf = (sellerId: string, type: WebhookEventType, key: string) =>
  'evt_' + createHash('sha256').update(`${sellerId}\n${type}\n${key}`).digest('hex').slice(0, 32);

/**
 * Sellers' webhook endpoints and the events recorded for them. Recording (`emit`) stores one
 * delivery per listening endpoint before anything is sent; `webhook-delivery.ts` sends them.
 */
export function createWebhookService(deps: {
  webhooks: WebhookRepository;
  vault: Pick<KeyVault, 'encrypt'>;
  /** Offline: loopback and private URLs are allowed (tests, demos). Deployed: refused. */
  allowPrivateUrls: boolean;
  now?: () => Date;
}) {
  const { webhooks, vault } = deps;
  const now = deps.now ?? (() => new Date());

  async function own(sellerId: string, id: string) {
    const oid = toObjectId(id);
    const doc = oid && (await webhooks.findOwnEndpoint(oid, sellerId));
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  }

  return {
    async create(sellerId: string, body: WebhookEndpointCreate): Promise<WebhookEndpointCreated> {
      checkWebhookUrl(body.url, deps.allowPrivateUrls);
      if ((await webhooks.countEndpoints(sellerId)) >= MAX_ENDPOINTS) {
        throw new AppError('CONFLICT', {
          message: `At most ${MAX_ENDPOINTS} endpoints: delete one first`,
        });
      }
      const secret = 'whsec_' + randomBytes(32).toString('base64url');
      const at = now();
      const doc: WebhookEndpointDoc = {
        _id: new ObjectId(),
        sellerId,
        url: body.url,
        events: body.events,
        secret: vault.encrypt(secret),
        secretHint: `whsec_…${secret.slice(-4)}`,
        enabled: true,
        consecutiveFailures: 0,
        disabledReason: null,
        createdAt: at,
        updatedAt: at,
      };
      await webhooks.insertEndpoint(doc);
      return { ...toEndpoint(doc), secret };
    },

    async page(sellerId: string, skip: number, limit: number, id?: string | string[]) {
      const ids = id === undefined ? undefined : toObjectIds(id);
      const { rows, total } = await webhooks.endpointsOfSeller(sellerId, skip, limit, ids);
      return { rows: rows.map(toEndpoint), total };
    },

    get: async (sellerId: string, id: string) => toEndpoint(await own(sellerId, id)),

    /** Enabling (again) starts the failure count afresh. */
    async update(sellerId: string, id: string, body: WebhookEndpointUpdate) {
      const doc = await own(sellerId, id);
      if (body.url !== undefined && body.url !== doc.url) {
        checkWebhookUrl(body.url, deps.allowPrivateUrls);
      }
      const enabling = body.enabled === true && !doc.enabled;
      const after = await webhooks.updateOwnEndpoint(
        doc._id,
        sellerId,
        {
          ...(body.url !== undefined && { url: body.url }),
          ...(body.events !== undefined && { events: body.events }),
          ...(body.enabled !== undefined && { enabled: body.enabled }),
          ...(enabling && { consecutiveFailures: 0, disabledReason: null }),
          ...(body.enabled === false &&
            doc.enabled && { disabledReason: 'Disabled by the seller' }),
        },
        now(),
      );
      if (!after) throw new AppError('NOT_FOUND');
      return toEndpoint(after);
    },

    async remove(sellerId: string, id: string) {
      const doc = await own(sellerId, id);
      await webhooks.removeOwnEndpoint(doc._id, sellerId);
      return toEndpoint(doc);
    },

    async deliveries(
      sellerId: string,
      q: ListQuery,
      f: {
        endpointId?: string | undefined;
        status?: WebhookDelivery['status'] | undefined;
        type?: WebhookEventType | undefined;
        id?: string | string[] | undefined;
      },
    ) {
      const endpointId = f.endpointId === undefined ? undefined : toObjectId(f.endpointId);
      if (endpointId === null) return { rows: [], total: 0 };
      const { id, ...by } = f;
      const ids = id === undefined ? undefined : toObjectIds(id);
      const { rows, total } = await webhooks.deliveriesOfSeller(sellerId, q, {
        ...by,
        endpointId,
        ids,
      });
      return { rows: rows.map(toDelivery), total };
    },

    async delivery(sellerId: string, id: string) {
      const oid = toObjectId(id);
      const doc = oid && (await webhooks.findOwnDelivery(oid, sellerId));
      if (!doc) throw new AppError('NOT_FOUND');
      return toDelivery(doc);
    },

    /** Sends a delivery again (same event id), with a fresh budget of attempts. */
    async resend(sellerId: string, id: string) {
      const oid = toObjectId(id);
      const doc = oid && (await webhooks.findOwnDelivery(oid, sellerId));
      if (!doc) throw new AppError('NOT_FOUND');
      const endpoint = await webhooks.findEndpoint(doc.endpointId);
      if (!endpoint?.enabled) {
        throw new AppError('CONFLICT', { message: 'Enable the endpoint first' });
      }
      const after = await webhooks.requeueOwn(doc._id, sellerId, now());
      if (!after) throw new AppError('CONFLICT', { message: 'A delivery attempt is under way' });
      return toDelivery(after);
    },

    /** The sellers who listen to `type` (the sale sweep looks at their orders only). */
    sellersListening: (type: WebhookEventType) => webhooks.sellersListening(type),

    /**
     * Records an event for every enabled endpoint of the seller listening to `type`, before any
     * is sent. `key` names what happened (an order, a refund…): the same key records nothing new.
     */
    async emit(
      sellerId: string,
      type: WebhookEventType,
      key: string,
      data: Record<string, unknown>,
      /** When it happened, if not now: endpoints registered after it do not hear it. */
      happenedAt?: Date,
    ) {
      const listeners = await webhooks.listeners(sellerId, type, happenedAt);
      if (listeners.length === 0) return;
      const eventId = eventIdOf(sellerId, type, key);
      const at = now();
      const payload = { id: eventId, type, createdAt: at.toISOString(), data };
      for (const endpoint of listeners) {
        await webhooks.recordDelivery({
          _id: new ObjectId(),
          endpointId: endpoint._id,
          sellerId,
          eventId,
          type,
          payload,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: at,
          leaseUntil: null,
          lastStatusCode: null,
          lastError: null,
          deliveredAt: null,
          log: [],
          createdAt: at,
        });
      }
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
