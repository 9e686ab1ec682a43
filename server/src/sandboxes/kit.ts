import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import type { Logger } from '../logger.ts';
import { httpRequest } from '../lib/http-client.ts';

/*
 * What the sandboxes share: state persisted to a JSON file (written before a response leaves, so
 * an acknowledged payment survives a crash of either process), a listening server on a loopback
 * port, webhook deliveries that are retried until the receiver answers 2xx, request and page
 * helpers.
 */

/**
 * A JSON document on disk holding a sandbox's whole state. Callers change `state`, then save
 * before they answer: `save` at once, or `saveSoon`, which resolves once the state is on disk.
 */
export type JsonStore<T> = {
  readonly state: T;
  save(): void;
  saveSoon(): Promise<void>;
  /** Resolves once no write is queued or on its way (a closing sandbox waits for it). */
  settled(): Promise<void>;
};

/**
 * Loads `file` (or starts from `initial`) and saves it atomically: a temp file, fsync, rename.
 * `save` writes at once, blocking. `saveSoon` writes off the event loop (the fsync waits in
 * libuv's pool, not on the thread serving requests), one write at a time: the saves asked for
 * while one is on its way share the next (group commit), so under a burst of payments the state
 * is written as often as the disk allows, not once per call. Every change made before a
 * `saveSoon()` is in the write that resolves it; a write never replaces a newer one on disk.
 */
export function openJsonStore<T>(file: string, initial: () => T): JsonStore<T> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const state = fs.existsSync(file)
    ? ({ ...initial(), ...(JSON.parse(fs.readFileSync(file, 'utf8')) as T) } as T)
    : initial();
  // Each write's snapshot is numbered; the file on disk holds `renamed`.
  let snapshots = 0;
  let renamed = 0;
  const tmpOf = (n: number) => `${file}.${process.pid}.${n}.tmp`;
  /** Puts snapshot `n` in place unless a newer one already is (a blocking `save` overtook it). */
  const place = (n: number) => {
    if (n < renamed) return fs.rmSync(tmpOf(n), { force: true });
    fs.renameSync(tmpOf(n), file);
    renamed = n;
  };
  const save = () => {
    const n = ++snapshots;
    const fd = fs.openSync(tmpOf(n), 'w');
    try {
      fs.writeSync(fd, JSON.stringify(state));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    place(n);
  };
  const writeSoon = async () => {
    const n = ++snapshots;
    const body = JSON.stringify(state);
    const handle = await fs.promises.open(tmpOf(n), 'w');
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    place(n);
  };
  let writing: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  return {
    state,
    save,
    saveSoon() {
      queued ??= (async () => {
        // Waits for the write on its way (its outcome is its own callers'), in a later turn.
        await (writing ?? Promise.resolve()).catch(() => {});
        await new Promise((resolve) => setImmediate(resolve));
        // Saves asked for from here on wait for the next write.
        queued = null;
        const write = writeSoon();
        writing = write;
        try {
          await write;
        } finally {
          if (writing === write) writing = null;
        }
      })();
      return queued;
    },
    async settled() {
      while (queued ?? writing) await (queued ?? writing)!.catch(() => {});
    },
  };
}

/** A provider-style id: `prefix` + `length` characters of [A-Z0-9] (or lower case). */
export function sandboxId(prefix: string, length: number, lower = false): string {
  const alphabet = lower
    ? 'abcdefghijklmnopqrstuvwxyz234567'
    : 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(length);
  let id = prefix;
  for (const b of bytes) id += alphabet[b % alphabet.length];
  return id;
}

export type ListeningSandbox = { url: string; port: number; close(): Promise<void> };

/** Serves `app` on 127.0.0.1:`port` (0: a free port). */
export async function listen(app: Hono, port: number): Promise<ListeningSandbox> {
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** A webhook waiting to be delivered; kept in the sandbox state until a receiver takes it. */
export type PendingWebhook = {
  id: string;
  body: string;
  headers: Record<string, string>;
  attempts: number;
};

const RETRY_DELAYS_MS = [100, 500, 2_000, 5_000, 15_000, 30_000];

/**
 * Delivers webhooks to the receiver URL, one POST each, retrying with backoff as the real
 * providers do. Pending deliveries live in the persisted state, so a restart resumes them.
 */
export function createWebhookSender(deps: {
  pending: () => PendingWebhook[];
  save: () => Promise<void>;
  log?: Logger;
}) {
  let target: string | null = null;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<string>();

  const schedule = (hook: PendingWebhook, delay: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(hook);
    }, delay);
    timers.add(timer);
  };

  async function attempt(hook: PendingWebhook) {
    if (closed || !target || inFlight.has(hook.id)) return;
    inFlight.add(hook.id);
    let delivered = false;
    try {
      const res = await httpRequest(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...hook.headers },
        body: hook.body,
        timeoutMs: 10_000,
      });
      delivered = res.status >= 200 && res.status < 300;
      await res.discard();
    } catch (err) {
      deps.log?.debug({ err, webhook: hook.id }, 'sandbox webhook delivery failed');
    } finally {
      inFlight.delete(hook.id);
    }
    if (closed) return;
    const list = deps.pending();
    const index = list.findIndex((h) => h.id === hook.id);
    if (index < 0) return;
    if (delivered) {
      list.splice(index, 1);
    } else {
      hook.attempts += 1;
      if (hook.attempts >= RETRY_DELAYS_MS.length) list.splice(index, 1);
      else schedule(hook, RETRY_DELAYS_MS[hook.attempts]!);
    }
    await deps.save();
  }

  return {
    /** Where events go; pending ones are sent now. Null stops sending (they stay pending). */
    setTarget(url: string | null) {
      target = url;
      if (url) for (const hook of deps.pending()) void attempt(hook);
    },
    /** Queues a delivery (the caller saves the state with it) and sends it soon. */
    enqueue(hook: PendingWebhook) {
      deps.pending().push(hook);
      schedule(hook, 0);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The request's JSON body when it is an object; null for anything else (the caller answers 400). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body = (await c.req.json()) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `url` with `params` set in its query string (a provider's redirect back to the shop). */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** Escapes text for the sandbox's HTML pages. */
export function html(text: string | number): string {
  return String(text).replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** A minimal page with the sandbox banner, so nobody mistakes it for the real provider. */
export function sandboxPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${html(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
.banner{background:#fff3cd;padding:.5rem;border-radius:4px;font-size:.9rem}
button,.button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;cursor:pointer}
label{display:block;margin:.6rem 0 .2rem}input{font-size:1rem;padding:.3rem;width:100%}</style>
</head><body><p class="banner" role="note">Local payment sandbox — no real money moves.</p>${body}</body></html>`;
}

/**
 * A sandbox's persisted state (with its queue of webhooks still to deliver) and the sender that
 * works that queue off: the start every provider sandbox shares.
 */
export function openSandboxState<T extends { pendingWebhooks: PendingWebhook[] }>(
  file: string,
  initial: () => T,
  log: Logger | undefined,
) {
  const store = openJsonStore<T>(file, initial);
  const sender = createWebhookSender({
    pending: () => store.state.pendingWebhooks,
    // A delivery that finishes after the sandbox closed (its directory maybe gone) saves nothing
    // worth keeping: the failure is logged, never left unhandled.
    save: () =>
      store.saveSoon().catch((err: unknown) => log?.warn({ err }, 'sandbox state not saved')),
    log,
  });
  return { store, state: store.state, sender };
}

/** A payment sandbox as its users see it: where it listens, where its webhooks go. */
export type WebhookSandbox = {
  url: string;
  port: number;
  /** Where webhook events are POSTed (null: keep them pending). */
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
};

/**
 * Serves a webhook-sending sandbox: `app` (its API and pages) on `port`, the model told its own
 * base URL (for links in answers), webhooks sent to `webhookUrl` until told otherwise.
 */
export async function serveWebhookSandbox(
  app: Hono,
  model: {
    setBase(url: string): void;
    sender: ReturnType<typeof createWebhookSender>;
    store: Pick<JsonStore<unknown>, 'settled'>;
  },
  opts: { port: number; webhookUrl?: string | null },
): Promise<WebhookSandbox> {
  const server = await listen(app, opts.port);
  model.setBase(server.url);
  model.sender.setTarget(opts.webhookUrl ?? null);
  return {
    url: server.url,
    port: server.port,
    setWebhookUrl: (url) => model.sender.setTarget(url),
    async close() {
      model.sender.close();
      await server.close();
      // The last answers' state reaches the disk before the caller may remove its directory.
      await model.store.settled();
    },
  };
}
