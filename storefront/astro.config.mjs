import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, passthroughImageService } from 'astro/config';

// Every page renders per request; the API server mounts the built handler (see README.md).
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // React islands: sign-in (/login) and the account page (/account). Other pages ship no React,
  // only small vanilla scripts: page views, theme toggle, favorites hearts, toasts, currency.
  // The header's search suggestions hydrate on first focus or pointer (`client:interaction`), so
  // the cached pages still load no React until a visitor goes to the search box.
  integrations: [
    react(),
    {
      name: 'client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({
            name: 'interaction',
            entrypoint: './src/features/search-suggest/interaction-directive.ts',
          });
        },
      },
    },
  ],
  // No page uses Astro sessions; without this the adapter sets up a filesystem store.
  session: false,
  // Astro hashes the scripts it emits (island hydration, small bundled scripts inlined) and ours
  // (`allowInlineScript`) into a Content-Security-Policy header; the server keeps those hashes
  // and writes the rest of the policy (server/src/middleware/security-headers.ts).
  security: { csp: true },
  // Astro always mounts /_image in server output; sharp is not installed, so don't transform.
  image: { service: passthroughImageService() },
});
