import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first focus, pointer or touch (interaction-directive.ts). */
    'client:interaction'?: boolean;
  }
}
