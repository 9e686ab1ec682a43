import { z } from 'zod';
import { RoleSchema } from '../constants/roles.ts';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'external']),
  identity: z.enum(['emulator', 'firebase']),
});
export type Health = z.infer<typeof HealthSchema>;

/**
 * What a browser app needs to sign in: the Firebase web config and, offline, the Auth
 * emulator's URL. Served at `GET /api/public/client-config` so one build fits every deployment.
 */
export const ClientConfigSchema = z.object({
  firebase: z.object({
    apiKey: z.string(),
    authDomain: z.string(),
    projectId: z.string(),
  }),
  authEmulatorUrl: z.string().nullable(),
  /** reCAPTCHA v3 site key; null in development/test, where the test token is accepted. */
  recaptchaSiteKey: z.string().nullable(),
});

/** The token sign-up sends when no reCAPTCHA site key is configured (development, test). */
export const RECAPTCHA_TEST_TOKEN = 'test-recaptcha-token';
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** `GET /api/me`: who the bearer of the token is, as the server sees it. */
export const MeSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  role: RoleSchema,
  /** Set for sellers and for accounts with a seller application. */
  sellerId: z.string().nullable(),
});
export type Me = z.infer<typeof MeSchema>;
