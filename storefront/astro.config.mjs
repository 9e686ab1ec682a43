import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, passthroughImageService } from 'astro/config';

// Every page renders per request; the API server mounts the built handler (see README.md).
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // React islands: sign-in (/login) and the account page (/account). Other pages ship no React,
  // only small vanilla scripts: page views, theme toggle, favorites hearts, toasts, currency.
  integrations: [react()],
  // No page uses Astro sessions; without this the adapter sets up a filesystem store.
  session: false,
  // Astro hashes the scripts it emits (island hydration, small bundled scripts inlined) and ours
  // (`allowInlineScript`) into a Content-Security-Policy header; the server keeps those hashes
  // and writes the rest of the policy (server/src/middleware/security-headers.ts).
  security: { csp: true },
  // Astro always mounts /_image in server output; sharp is not installed, so don't transform.
  image: { service: passthroughImageService() },
});
