import type { PageViewEvent } from '@market/shared';
import type { EventRepository } from './events.repository.ts';

/** The referrer as kept: origin and path only, since queries and fragments may be personal. */
function referrerWithoutQuery(referrer: string | undefined): string | null {
  if (!referrer) return null;
  const url = new URL(referrer);
  return url.origin + url.pathname;
}

/** Records storefront analytics events. */
export function createEventService({
  events,
  clock = () => new Date(),
}: {
  events: EventRepository;
  clock?: () => Date;
}) {
  return {
    /** Stores a page view, with the visitor's uid when signed in. */
    recordPageView: (event: PageViewEvent, uid: string | null) =>
      events.add({
        type: event.type,
        path: event.path,
        referrer: referrerWithoutQuery(event.referrer),
        locale: event.locale,
        uid,
        createdAt: clock(),
      }),
  };
}
export type EventService = ReturnType<typeof createEventService>;
