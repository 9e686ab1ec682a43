/** The cookie a referral link leaves behind; sign-up sends its value along. */
export const REFERRER_COOKIE = 'referrer';
/** The API's limit for a referrer. */
const REFERRER_MAX_LENGTH = 200;

/** The referrer in a `document.cookie` string, or null when absent, empty or unusable. */
export function referrerFromCookies(cookies: string): string | null {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== REFERRER_COOKIE) continue;
    const value = safeDecode(pair.slice(separator + 1).trim()).trim();
    return value !== '' && value.length <= REFERRER_MAX_LENGTH ? value : null;
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
