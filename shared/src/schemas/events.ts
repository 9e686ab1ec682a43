import { z } from 'zod';
import { LocaleSchema } from '../constants/locales.ts';

/** Storefront analytics events (`POST /api/public/events`). */

export const EVENT_TYPES = ['page_view'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The admin and seller consoles are never tracked (spec section 2). */
const UNTRACKED_AREA = /^\/(admin|seller)(\/|$)/i;

/** Whether a storefront path may be recorded as a page view. */
export const isTrackedPath = (path: string): boolean => !UNTRACKED_AREA.test(path);

/**
 * A path of the shop: starts with one `/`, no query or fragment (they may carry personal data,
 * such as a search or an email in a link).
 */
export const TrackedPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?!\/)[^\s?#]*$/, 'Must be a path starting with /, without query or fragment')
  .refine(isTrackedPath, 'Admin and seller pages are not tracked');

/** `POST /api/public/events`: a page view; `referrer` is `document.referrer` ('' when none). */
export const PageViewEventSchema = z.object({
  type: z.literal('page_view'),
  path: TrackedPathSchema,
  referrer: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2048)]).optional(),
  locale: LocaleSchema,
});
export type PageViewEvent = z.infer<typeof PageViewEventSchema>;
