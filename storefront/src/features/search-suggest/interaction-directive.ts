import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates an island the first time the visitor reaches for it (focus,
 * pointer or touch), never on load. The header's search suggestions use it so the cached pages
 * keep today's JavaScript (React loads only for a visitor who goes to the search box); the
 * server-rendered markup works before that (the search form submits without script).
 */
const interactionDirective: ClientDirective = (load, _options, el) => {
  const events = ['focusin', 'pointerover', 'touchstart'] as const;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const name of events) el.removeEventListener(name, start);
    void load().then((hydrate) => hydrate());
  };
  for (const name of events) el.addEventListener(name, start, { passive: true });
  // Already focused (an autofocus, or focus that came before this script ran): hydrate now.
  if (el.contains(document.activeElement)) start();
};

export default interactionDirective;
