import { z } from 'zod';
import { AdminInstanceSchema, AdminJobSchema } from '@market/shared';
import { IdFilterSchema, listResponse } from '../../lib/list-query.ts';
import { rest } from '../../lib/rest.ts';
import { routes } from '../../lib/route.ts';
import type { SystemStatus } from './system-status.ts';

/** Neither list takes a filter but getMany's `id`: both are short and read whole. */
const NoFilterSchema = z.object({ id: IdFilterSchema.optional() }).strict();

const instance = rest(['the live instances', 'an instance'], AdminInstanceSchema);
const job = rest(['the background jobs', 'a job'], AdminJobSchema);

/** The admin console's System page: which instances run, and what their jobs did last. */
export const adminSystemRoutes = (status: SystemStatus) =>
  routes('/admin', { tag: 'admin', access: 'admin' })
    .get(
      '/instances',
      instance.list({
        filter: NoFilterSchema,
        description:
          'The instances of the server whose heartbeat is recent (on the database clock): role, process id, version, start and last heartbeat.',
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await status.instances(q);
        return listResponse(c, 'instances', q, rows, total);
      },
    )
    .get(
      '/jobs',
      job.list({
        filter: NoFilterSchema,
        description:
          "Each background job's last run across the instances (start, end, outcome, error, who ran it), the lease held on it now, and the work waiting in its queue.",
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { rows, total } = await status.jobs(q);
        return listResponse(c, 'jobs', q, rows, total);
      },
    );
