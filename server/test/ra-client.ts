import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'ra-core';

/**
 * The consoles' real data provider (`ra-data-simple-rest` on react-admin's `fetchJson`) pointed
 * at `<url>/api/<role>` with a Bearer token: tests drive the API exactly as the consoles do.
 * Errors reject with react-admin's `HttpError` (`status`, `body`).
 */
export function raClient(url: string, role: 'admin' | 'seller', token: string): DataProvider {
  const httpClient = (resource: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(resource, {
      ...options,
      headers: new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` }),
    });
  return simpleRestProvider(`${url}/api/${role}`, httpClient);
}
