import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../data/data-provider.ts';

export type DashboardState<T> =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/**
 * A dashboard's figures for the last `days` days: one `GET <url>?days=N`, parsed with the shared
 * schema, fetched again when the period changes (an older answer arriving late is dropped).
 */
export function useDashboard<T>(
  url: string,
  schema: { parse(json: unknown): T },
  days: number,
): DashboardState<T> {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [state, setState] = useState<DashboardState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.resolve()
      .then(() => dataProvider.getJson(`${url}?days=${days}`))
      .then(
        (json) => live && setState({ status: 'ready', data: schema.parse(json) }),
        () => live && setState({ status: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, url, schema, days]);
  return state;
}
