import { Card, CardContent, CardHeader, List, ListItem, Stack, Typography } from '@mui/material';
import type { WorkQueue } from '@market/shared';
import { useEffect, useState } from 'react';
import {
  LinkBase,
  useCreatePath,
  useDataProvider,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider.ts';

/** One queue on a console's home: its count in `GET url`, and the list it opens, oldest first. */
export interface WorkQueueLink {
  /** The queue's key in the answer, and its label under `app.work.<key>`. */
  key: string;
  resource: string;
  /** The list's filter that shows exactly this queue's items. */
  filter?: Record<string, unknown>;
  /** Oldest (or earliest deadline) first; none for a list that has no order to ask for. */
  sort?: string;
  /** `app.work.oldest` (waiting since) or `app.work.deadline` (answer by) beside the count. */
  dated?: 'oldest' | 'deadline';
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: unknown };

/**
 * The list URL react-admin reads its filter and sort from (`?filter=…&sort=…&order=ASC`).
 * `listPath` is the resource's list as `useCreatePath` gives it: the console's routes live under
 * its sub-path (`/admin/orders`), and a bare `/orders` would leave the console.
 */
export function queuePath(q: WorkQueueLink, listPath = `/${q.resource}`): string {
  const params = new URLSearchParams({ filter: JSON.stringify(q.filter ?? {}) });
  if (q.sort) {
    params.set('sort', q.sort);
    params.set('order', 'ASC');
  }
  return `${listPath}?${params.toString()}`;
}

/**
 * What needs a person now, at the top of a console's home: each queue a count linking to its
 * list filtered and sorted oldest first, with the oldest item's date. One cheap call (indexed
 * counts on the server), made on every visit.
 */
export function WorkQueues(props: {
  url: string;
  schema: { parse(json: unknown): Record<string, WorkQueue> };
  queues: readonly WorkQueueLink[];
}) {
  const { url, schema, queues } = props;
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.resolve()
      .then(() => dataProvider.getJson(url))
      .then(
        (json) => live && setState({ status: 'ready', data: json }),
        () => live && setState({ status: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, url]);
  const work = state.status === 'ready' ? schema.parse(state.data) : null;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <Card sx={{ mt: 2 }}>
      <CardHeader title={translate('app.work.title')} />
      <CardContent>
        {state.status === 'failed' ? (
          <Typography color="error">{translate('app.dashboard.load_failed')}</Typography>
        ) : !work ? (
          <Typography color="text.secondary">{translate('app.dashboard.loading')}</Typography>
        ) : (
          <List dense aria-label={translate('app.work.title')}>
            {queues.map((q) => {
              const queue = work[q.key];
              const count = queue?.count ?? 0;
              const label = translate(`app.work.${q.key}`);
              return (
                <ListItem key={q.key} disableGutters data-queue={q.key}>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
                    <Typography
                      variant="h6"
                      component="span"
                      sx={{ minWidth: '3ch', textAlign: 'right' }}
                    >
                      {count > 0 ? (
                        <LinkBase
                          to={queuePath(q, createPath({ resource: q.resource, type: 'list' }))}
                          aria-label={`${label}: ${count}`}
                        >
                          {count}
                        </LinkBase>
                      ) : (
                        count
                      )}
                    </Typography>
                    <Typography component="span" color={count ? 'text.primary' : 'text.secondary'}>
                      {label}
                    </Typography>
                    {count > 0 && queue?.oldestAt && q.dated ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {translate(`app.work.${q.dated}`, { date: date(queue.oldestAt) })}
                      </Typography>
                    ) : null}
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
