import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

/** The API server the dev server proxies `/api` to (same origin in production). */
const DEV_API_ORIGIN = 'http://localhost:8080';

/** Vendor chunks, so no single file carries the whole console (each stays well under 1 MB). */
const VENDOR_CHUNKS = [
  { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/, priority: 50 },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  // MUI X (the dashboards' charts) is not in this group: see `charts-vendor`.
  { name: 'mui', test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion|@popperjs)/, priority: 30 },
  {
    name: 'ra-core',
    test: /node_modules[\\/](ra-core|@tanstack|react-router|react-router-dom|react-hook-form)[\\/]/,
    priority: 20,
  },
  // MUI X Charts and what only it uses, loaded with the dashboards' charts (`React.lazy`) rather
  // than with the console. Below the groups above: a group also takes the modules its own
  // import, and those the console needs at once must stay in the chunks it loads first.
  {
    name: 'charts-vendor',
    test: /node_modules[\\/](@mui[\\/]x-|@base-ui[\\/]|bezier-easing[\\/])/,
    priority: 15,
  },
  { name: 'react-admin', test: /node_modules[\\/]/, priority: 10 },
];

export interface ConsoleViteOptions {
  /** Public path the console is served under, e.g. `/admin/`. */
  base: string;
  /** Dev server port, distinct per console so both can run at once. */
  port: number;
}

/** Vite config shared by the admin and seller consoles. */
export function defineConsoleViteConfig({ base, port }: ConsoleViteOptions): UserConfig {
  return defineConfig({
    base,
    plugins: [react()],
    server: { port, proxy: { '/api': DEV_API_ORIGIN } },
    preview: { port, proxy: { '/api': DEV_API_ORIGIN } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
    },
  });
}
