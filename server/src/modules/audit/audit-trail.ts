import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AuditAction } from '@market/shared';
import type { AppEnv } from '../../app-env.ts';
import type { DeclaredRoute } from '../../lib/route.ts';
import { redactedSummary } from './audit-summary.ts';
import { auditContext, type AuditLog } from './audit.service.ts';

/** How an admin write ended: done, refused (4xx: invalid, not found, conflict) or failed (5xx). */
export type AuditOutcome = 'succeeded' | 'refused' | 'failed';

const outcomeOf = (status: number): AuditOutcome =>
  status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'succeeded';

/** `POST /admin/brands` creates, `PUT` updates, `DELETE` deletes; any other POST is an action. */
function actionOf(route: DeclaredRoute): AuditAction {
  if (route.method === 'put') return 'record.update';
  if (route.method === 'delete') return 'record.delete';
  return /^\/admin\/[^/]+$/.test(route.path) ? 'record.create' : 'record.action';
}

/** The resource a path names: `/admin/brands/:id` → `brands`. */
const resourceOf = (path: string) => path.split('/').filter(Boolean)[1] ?? path;

/** The id the answer gives (a created record's), when the route path has none. */
async function answeredId(res: Response): Promise<string | null> {
  if (!res.headers.get('content-type')?.includes('application/json')) return null;
  try {
    const body = (await res.clone().json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

/**
 * The audit trail of admin writes: every admin route but a GET gets this middleware (mounted
 * by `mountRoutes`, right after the admin guard), so no admin write goes unrecorded, the ones
 * added later included. A service that knows more records its own entry (`user.role`,
 * `order.refund` …) through the request's audit context, or says the write changed nothing
 * (`auditLog.unchanged`); the trail then adds nothing for a write that succeeded. Otherwise it records one entry: who, what kind of write, which record,
 * the outcome and a redacted summary of the body (`audit-summary.ts`). Refused and failed
 * attempts are recorded too. The entry is written before the answer leaves, so an answer the
 * admin sees is always in the log.
 */
export const auditTrail =
  (auditLog: AuditLog) =>
  (route: DeclaredRoute): MiddlewareHandler<AppEnv>[] => {
    if (route.access !== 'admin' || route.method === 'get') return [];
    const action = actionOf(route);
    return [
      createMiddleware<AppEnv>(async (c, next) => {
        const trail = { handled: false };
        c.set('auditTrail', trail);
        await next();
        const status = c.res.status;
        const outcome = outcomeOf(status);
        if (outcome === 'succeeded' && trail.handled) return;
        // Only a JSON body is summarised: an upload's bytes are no audit material.
        const json = c.req.header('content-type')?.includes('application/json');
        const body: unknown = json ? await c.req.json().catch(() => undefined) : undefined;
        const params: Record<string, string> = c.req.param();
        const id = params.id ?? Object.values(params)[0] ?? (await answeredId(c.res)) ?? '';
        await auditLog.record(auditContext(c), {
          action,
          target: { type: resourceOf(route.path), id },
          details: {
            route: `${route.method.toUpperCase()} ${route.path}`,
            path: c.req.path,
            status,
            outcome,
            body: redactedSummary(body),
          },
        });
      }),
    ];
  };
