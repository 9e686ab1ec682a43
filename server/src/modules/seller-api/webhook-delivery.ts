import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { httpRequest } from '../../lib/http-client.ts';
import type { Logger } from '../../logger.ts';
import type { KeyVault } from '../keys/key-vault.ts';
import type { WebhookDeliveryDoc, WebhookRepository } from './webhooks.repository.ts';
import { answered, DELIVERY_ERRORS } from './webhook-errors.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './webhook-signature.ts';
import {
  addressPolicy,
  resolveEndpoint,
  type AddressPolicy,
  type ResolvedAddress,
} from './webhook-url.ts';

/** How deliveries are retried; the defaults suit production, tests shorten nothing (they pass `asOf`). */
export const DELIVERY_POLICY = {
  /** Attempts per delivery before it is `failed` (the seller may resend it). */
  maxAttempts: 10,
  /** The first retry waits this long, each next one twice as long… */
  firstRetryMs: 60_000,
  /** …up to this. 10 attempts span about 17 hours. */
  maxRetryMs: 6 * 3_600_000,
  /** Failed attempts in a row (any delivery) after which the endpoint is disabled. */
  disableAfterFailures: 10,
  /** An attempt's time limit; the lease is longer, so a crashed attempt is retried after it. */
  timeoutMs: 10_000,
  leaseMs: 60_000,
  batch: 50,
};

/**
 * A connection pool for one attempt whose every connection goes to `target`, the address just
 * checked: its name is not resolved again (DNS rebinding between the check and the connection
 * cannot aim it elsewhere), while the URL, and so the Host header and the TLS server name the
 * certificate is checked against, keep the name.
 */
function pinnedTo(target: ResolvedAddress, timeoutMs: number): Agent {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  return new Agent({ connect: { lookup, timeout: timeoutMs }, connections: 1 });
}

/** The wait before the attempt after `attempts` failed ones, with ±10% jitter. */
export function backoffMs(attempts: number, policy = DELIVERY_POLICY, random = Math.random) {
  const base = Math.min(policy.firstRetryMs * 2 ** Math.max(0, attempts - 1), policy.maxRetryMs);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/**
 * Sends due webhook deliveries (the `webhook-delivery` job runs `deliverDue` every few
 * seconds). Each one is leased before its attempt, so two runs or two instances never send it
 * at once, and an attempt a crash cut short is taken again when the lease ends: at least once.
 */
export function createWebhookDelivery(deps: {
  webhooks: WebhookRepository;
  vault: Pick<KeyVault, 'decrypt'>;
  allowPrivateUrls: boolean;
  log: Logger;
  policy?: typeof DELIVERY_POLICY;
  /** How hosts are resolved and which addresses may be called (tests); else by `allowPrivateUrls`. */
  addresses?: AddressPolicy;
}) {
  const { webhooks, vault, log } = deps;
  const policy = deps.policy ?? DELIVERY_POLICY;
  const addresses = deps.addresses ?? addressPolicy(deps.allowPrivateUrls);

  type Outcome = { statusCode: number | null; error: string | null; final?: true };
  async function attempt(doc: WebhookDeliveryDoc): Promise<Outcome> {
    const endpoint = await webhooks.findEndpoint(doc.endpointId);
    // Nothing to retry towards: the seller resends once the endpoint is enabled again.
    if (!endpoint) return { statusCode: null, error: DELIVERY_ERRORS.deleted, final: true };
    if (!endpoint.enabled)
      return { statusCode: null, error: DELIVERY_ERRORS.disabled, final: true };
    // The seller reads a reason in general terms; the error itself is for the server log.
    const ids = { deliveryId: doc._id.toHexString(), endpointId: doc.endpointId.toHexString() };
    const resolved = await resolveEndpoint(endpoint.url, addresses);
    if ('refused' in resolved) {
      log.warn({ ...ids, detail: resolved.detail }, `webhook not sent: ${resolved.refused}`);
      return { statusCode: null, error: resolved.refused };
    }
    const body = JSON.stringify(doc.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const pinned = pinnedTo(resolved.target, policy.timeoutMs);
    try {
      const res = await httpRequest(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Market-Webhooks/1',
          [SIGNATURE_HEADER]: signatureHeader(vault.decrypt(endpoint.secret), timestamp, body),
          [EVENT_ID_HEADER]: doc.eventId,
        },
        body,
        // Never followed (a redirect could lead anywhere, an internal address): a failure.
        timeoutMs: policy.timeoutMs,
        dispatcher: pinned,
      });
      await res.discard();
      const ok = res.status >= 200 && res.status < 300;
      return { statusCode: res.status, error: ok ? null : answered(res.status) };
    } catch (err) {
      log.warn({ ...ids, err, address: resolved.target.address }, 'webhook attempt failed');
      return { statusCode: null, error: DELIVERY_ERRORS.notReached };
    } finally {
      await pinned.destroy();
    }
  }

  async function deliverOne(id: WebhookDeliveryDoc['_id'], asOf: Date) {
    const lease = new Date(Date.now() + policy.leaseMs);
    const doc = await webhooks.lease(id, asOf, lease);
    if (!doc) return;
    const { statusCode, error, final } = await attempt(doc);
    const at = new Date();
    const attempts = doc.attempts + 1;
    if (error === null) {
      await webhooks.settle(
        doc._id,
        lease,
        {
          status: 'delivered',
          nextAttemptAt: null,
          lastStatusCode: statusCode,
          lastError: null,
          deliveredAt: at,
        },
        { at, statusCode, error },
      );
      await webhooks.endpointSucceeded(doc.endpointId);
      return;
    }
    const giveUp = final === true || attempts >= policy.maxAttempts;
    await webhooks.settle(
      doc._id,
      lease,
      {
        status: giveUp ? 'failed' : 'pending',
        nextAttemptAt: giveUp ? null : new Date(at.getTime() + backoffMs(attempts, policy)),
        lastStatusCode: statusCode,
        lastError: error,
        deliveredAt: null,
      },
      { at, statusCode, error },
    );
    // Only an endpoint's own answers count against it (not its being disabled or deleted).
    if (!final) {
      const after = await webhooks.endpointFailed(doc.endpointId, policy.disableAfterFailures, at);
      if (after && after.consecutiveFailures >= policy.disableAfterFailures) {
        log.warn({ endpointId: doc.endpointId.toHexString() }, 'webhook endpoint disabled');
      }
    }
  }

  return {
    /**
     * One attempt for each delivery due by `asOf` (default now); answers how many were due.
     * A delivery is attempted at most once per run, whatever `asOf` says.
     */
    async deliverDue(asOf = new Date()): Promise<number> {
      const ids = await webhooks.dueIds(asOf, policy.batch);
      // A few endpoints at a time: one slow receiver must not hold up the others for long.
      const queue = [...ids];
      const workers = Array.from({ length: Math.min(4, queue.length) }, async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          await deliverOne(id, asOf).catch((err: unknown) =>
            log.error({ err, deliveryId: id.toHexString() }, 'webhook delivery failed to run'),
          );
        }
      });
      await Promise.all(workers);
      return ids.length;
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
