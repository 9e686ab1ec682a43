import type http from 'node:http';
import type { Lifecycle } from './lifecycle.ts';

/** What `GET /api/ready` reads and names: the lifecycle, and which instance answers. */
export type ServerLifecycle = {
  lifecycle: Lifecycle;
  /** This instance's id (observability/instance.ts) and role, for whoever reads the probe. */
  instance: string;
  role: 'web' | 'worker' | 'all';
};

/**
 * Load balancers keep idle connections to their backends open for up to 60 s (AWS ALB, GCP,
 * nginx's keepalive_timeout default 75 s is the client side): Node's 5 s default would close a
 * connection the balancer is about to reuse, and the request it sends on it fails with a 502.
 * Ours outlives theirs; headers get a second more, so a request that starts just before the idle
 * timer fires is not cut off by the headers timer. The request and body timeouts (slow senders)
 * are separate and left as they are set.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
export const HEADERS_TIMEOUT_MS = 66_000;

export function withLoadBalancerTimeouts(server: http.Server): http.Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = Math.max(server.headersTimeout, HEADERS_TIMEOUT_MS);
  return server;
}

const READY_PATH = /^\/api\/ready\/?(\?|$)/;

/**
 * Answers `GET /api/ready` (true: answered) and, while the instance drains, marks every other
 * response `Connection: close`, so clients and the balancer open their next request elsewhere
 * instead of reusing a connection that is about to be closed. Answered here, before the app:
 * a probe costs no routing, authentication or logging, and reads the cached database ping.
 */
export function answerLifecycle(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  site: ServerLifecycle,
): boolean {
  // At the moment the headers go out, so a request already in flight when draining begins
  // closes its connection too.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    if (site.lifecycle.state === 'draining') res.setHeader('Connection', 'close');
    return writeHead(...args);
  }) as typeof res.writeHead;
  if (!READY_PATH.test(req.url ?? '') || (req.method !== 'GET' && req.method !== 'HEAD')) {
    return false;
  }
  const readiness = site.lifecycle.readiness();
  const body = JSON.stringify({
    status: readiness.ready ? 'ready' : readiness.reason,
    role: site.role,
    instance: site.instance,
  });
  res.writeHead(readiness.ready ? 200 : 503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * Stops accepting, lets the requests in flight finish (their responses close their connections,
 * see `answerLifecycle`), closes keep-alive connections as they fall idle, and after
 * `deadlineMs` closes whatever is left. Resolves true when everything finished in time.
 */
export async function drainHttpServer(server: http.Server, deadlineMs: number): Promise<boolean> {
  if (!server.listening) return true;
  const closed = new Promise<true>((resolve) => server.close(() => resolve(true)));
  // A connection whose last response was sent before draining began goes idle without a
  // `Connection: close`: closed as soon as it is idle (a request on it is already answered).
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  let deadline: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    deadline = setTimeout(() => resolve(false), deadlineMs);
  });
  const clean = await Promise.race([closed, late]);
  clearInterval(idle);
  clearTimeout(deadline);
  if (!clean) {
    server.closeAllConnections();
    await closed;
  }
  return clean;
}
