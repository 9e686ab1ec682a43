import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import type { RecentSignInPrompt } from '../auth/recent-sign-in.ts';
import { createHttpClient, type HttpClient, type IdTokenSource } from './http-client.ts';

/**
 * ra-data-simple-rest plus two generic helpers for a console's custom methods (react-admin
 * calls them through `useDataProvider`, so a 401 signs out like any other call).
 */
export interface ConsoleDataProvider extends DataProvider {
  /** `POST <apiBase><path>` with a JSON body: the JSON answer, or undefined for a 204. */
  postAction<T = unknown>(path: string, body?: unknown): Promise<T>;
  /** `GET` a same-origin API URL outside the role's base, e.g. `/api/me`: its JSON answer. */
  getJson<T = unknown>(url: string): Promise<T>;
  /** `GET <apiBase><path>` answering text (a CSV download): the body as it came. */
  getText(path: string): Promise<string>;
}

/**
 * The console's data provider on a role's API base (e.g. `/api/admin`), authenticated with
 * `tokens`; a sensitive action asks `recentSignIn` for a fresh sign-in, then is sent again.
 */
export function createDataProvider(
  apiBase: string,
  tokens: IdTokenSource,
  recentSignIn?: Pick<RecentSignInPrompt, 'request'>,
): ConsoleDataProvider {
  const httpClient = createHttpClient(tokens, recentSignIn);
  return withActions(simpleRestProvider(apiBase, httpClient), apiBase, httpClient);
}

/** Adds `postAction`, `getJson` and `getText` on `httpClient` to a data provider. */
export function withActions(
  dataProvider: DataProvider,
  apiBase: string,
  httpClient: HttpClient,
): ConsoleDataProvider {
  return {
    ...dataProvider,
    async postAction<T>(path: string, body: unknown = {}) {
      const { json } = await httpClient(`${apiBase}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return json as T;
    },
    async getJson<T>(url: string) {
      const { json } = await httpClient(url);
      return json as T;
    },
    async getText(path: string) {
      const { body } = await httpClient(`${apiBase}${path}`, {
        headers: new Headers({ Accept: 'text/csv, text/plain' }),
      });
      return body;
    },
  };
}
