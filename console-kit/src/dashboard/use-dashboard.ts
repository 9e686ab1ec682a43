import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider.ts';

export type DashboardState<T> =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** An answer, and the request it answers. */
type Answer<T> = { request: string; state: DashboardState<T> };

/**
 * A dashboard's figures for the last `days` days: one `GET <url>?days=N`, parsed with the shared
 * schema, fetched again when the period changes. Loading until the answer for this very period
 * is in (an older answer arriving late is dropped).
 */
export function useDashboard<T>(
  url: string,
  schema: { parse(json: unknown): T },
  days: number,
): DashboardState<T> {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const request = `${url}?days=${days}`;
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  useEffect(() => {
    let live = true;
    Promise.resolve()
      .then(() => dataProvider.getJson(request))
      .then(
        (json) =>
          live && setAnswer({ request, state: { status: 'ready', data: schema.parse(json) } }),
        () => live && setAnswer({ request, state: { status: 'failed' } }),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, request, schema]);
  return answer?.request === request ? answer.state : { status: 'loading' };
}
