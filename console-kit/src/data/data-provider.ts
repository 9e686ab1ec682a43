import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { createHttpClient, type IdTokenSource } from './http-client.ts';

/** ra-data-simple-rest on a role's API base (e.g. `/api/admin`), authenticated with `tokens`. */
export function createDataProvider(apiBase: string, tokens: IdTokenSource): DataProvider {
  return simpleRestProvider(apiBase, createHttpClient(tokens));
}
