/**
 * Where the console's routes live: Vite's `base` without its trailing slash (`/admin/` → `/admin`),
 * so the sub-path is declared once, in vite.config.ts.
 */
export const CONSOLE_BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');
