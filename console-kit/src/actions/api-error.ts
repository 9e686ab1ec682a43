/** The HTTP status of a failed data provider call (react-admin's `HttpError`), if any. */
export function errorStatus(error: unknown): number | undefined {
  const status =
    typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return typeof status === 'number' ? status : undefined;
}

/**
 * What to notify for a failed call: the API's own message when it sent one, else react-admin's
 * generic HTTP error text (a translation key).
 */
export function errorNotification(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message.trim() !== ''
    ? message
    : 'ra.notification.http_error';
}
