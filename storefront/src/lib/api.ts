import {
  ApiErrorSchema,
  PublicCategorySchema,
  type ApiError,
  type Locale,
  type PublicCategory,
} from '@market/shared';

const TIMEOUT_MS = 5_000;
const PublicCategoryListSchema = PublicCategorySchema.array();

/** A failed API call, with the API's error code when it sent the standard error body. */
export class ApiCallError extends Error {
  readonly status: number;
  readonly code: ApiError['code'] | undefined;

  constructor(path: string, status: number, error: ApiError | undefined) {
    super(`API ${path} answered ${status}: ${error?.message ?? 'no error body'}`);
    this.name = 'ApiCallError';
    this.status = status;
    this.code = error?.code;
  }
}

// Read per call, never captured at import, so the value the server sets is always the one used.
function apiOrigin(): string {
  return process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';
}

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${apiOrigin()}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw new ApiCallError(path, response.status, ApiErrorSchema.safeParse(data).data);
  }
  return data;
}

/** The four categories, sorted by position, named in `locale`; throws when the API fails. */
export async function getPublicCategories(locale: Locale): Promise<PublicCategory[]> {
  return PublicCategoryListSchema.parse(await post('public/categories/get-public', { locale }));
}
