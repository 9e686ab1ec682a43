import { z } from 'zod';

/** A slug: lower-case words of a-z and 0-9 joined by single hyphens (ids of brands, tags …). */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug of a name: accents dropped, lower-case words of a-z and 0-9 joined by hyphens. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A slug an admin gives as an id (platforms, brands). */
export const SlugSchema = z
  .string()
  .max(64)
  .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens');
