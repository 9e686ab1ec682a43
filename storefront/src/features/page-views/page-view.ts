import type { Locale, PageViewEvent } from '@market/shared';

// The consoles are separate apps, but the guard stays here too: the API refuses these paths
// (`TrackedPathSchema` in shared), and a refused beacon is wasted traffic.
const UNTRACKED_AREA = /^\/(admin|seller)(\/|$)/i;

/**
 * The page view to record for a page, or null when it is not tracked. Only the path is sent
 * (queries may carry personal data), and a referrer only when it is a web page.
 */
export function pageViewFor(
  pathname: string,
  referrer: string,
  lang: string,
): PageViewEvent | null {
  if (!pathname.startsWith('/') || pathname.startsWith('//') || UNTRACKED_AREA.test(pathname)) {
    return null;
  }
  const locale: Locale = lang === 'it' ? 'it' : 'en';
  const event: PageViewEvent = { type: 'page_view', path: pathname, locale };
  if (/^https?:\/\//.test(referrer)) event.referrer = referrer;
  return event;
}
