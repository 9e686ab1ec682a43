import { z } from 'zod';

/** Roles carried as a Firebase custom claim (`role`) and mirrored in `users`. Guests have none. */
export const ROLES = ['user', 'seller', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const RoleSchema = z.enum(ROLES);
