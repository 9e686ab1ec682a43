import { useEffect, useRef, useState } from 'react';
import type { Messages } from '../../i18n/en.ts';
import {
  ACCEPT_ALL,
  REJECT_ALL,
  parseConsent,
  serializeConsent,
  type Consent,
} from './consent-cookie.ts';
import { allowedTags, type ConsentTags } from './consent-tags.ts';
import './consent.css';

/** Adds the `<script>` of each allowed tag once; returns whether a loaded tag is no longer allowed. */
function applyConsent(consent: Consent, tags: ConsentTags): boolean {
  const allowed = allowedTags(consent, tags);
  for (const { id, url } of allowed) {
    if (document.querySelector(`script[data-consent-tag="${id}"]`)) continue;
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.consentTag = id;
    document.head.append(script);
  }
  const keep = new Set(allowed.map((tag) => tag.id as string));
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-consent-tag]')].some(
    (script) => !keep.has(script.dataset.consentTag ?? ''),
  );
}

/**
 * The cookie banner, rendered on the client only (the served HTML is the same for everyone):
 * it reads the choice from the cookie, asks when there is none, loads the tags the choice
 * allows, and reopens from the footer's "Cookie settings". A script cannot be unloaded, so
 * withdrawing consent for a loaded tag reloads the page.
 */
export default function ConsentBanner({ t, tags }: { t: Messages['consent']; tags: ConsentTags }) {
  // Rendered only in the browser (client:only), so the cookie can be read while rendering.
  const [choice, setChoice] = useState<Consent | null>(() => parseConsent(document.cookie));
  const [open, setOpen] = useState(() => !choice);
  const [customising, setCustomising] = useState(false);
  const [draft, setDraft] = useState<Consent>(REJECT_ALL);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const saved = parseConsent(document.cookie);
    if (saved) applyConsent(saved, tags);
    const onClick = (event: MouseEvent) => {
      if (!(event.target as Element | null)?.closest?.('[data-consent-settings]')) return;
      event.preventDefault();
      const current = parseConsent(document.cookie);
      setDraft(current ?? REJECT_ALL);
      setCustomising(true);
      setOpen(true);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [tags]);

  useEffect(() => {
    // Opened from the footer: focus moves into the banner so keyboard users land on it.
    if (open && choice) panel.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [open, choice]);

  const decide = (consent: Consent) => {
    document.cookie = serializeConsent(consent, location.protocol === 'https:');
    setChoice(consent);
    setOpen(false);
    setCustomising(false);
    if (applyConsent(consent, tags)) location.reload();
  };

  if (!open) return null;
  const toggle = (key: keyof Consent) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft({ ...draft, [key]: event.target.checked });
  return (
    <section
      ref={panel}
      className="consent"
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      aria-describedby="consent-intro"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && choice) setOpen(false);
      }}
    >
      <h2 id="consent-title">{t.title}</h2>
      <p id="consent-intro">{t.intro}</p>
      {customising && (
        <fieldset className="consent-choices">
          <legend className="visually-hidden">{t.customise}</legend>
          <label>
            <input type="checkbox" checked disabled />
            <span>
              <strong>{t.necessary}</strong> {t.necessaryHint}
            </span>
          </label>
          <label>
            <input type="checkbox" checked={draft.analytics} onChange={toggle('analytics')} />
            <span>
              <strong>{t.analytics}</strong> {t.analyticsHint}
            </span>
          </label>
          <label>
            <input type="checkbox" checked={draft.marketing} onChange={toggle('marketing')} />
            <span>
              <strong>{t.marketing}</strong> {t.marketingHint}
            </span>
          </label>
        </fieldset>
      )}
      <div className="consent-actions">
        <button type="button" onClick={() => decide(REJECT_ALL)}>
          {t.rejectAll}
        </button>
        {customising ? (
          <button type="button" onClick={() => decide(draft)}>
            {t.save}
          </button>
        ) : (
          <button type="button" onClick={() => setCustomising(true)}>
            {t.customise}
          </button>
        )}
        <button type="button" className="primary" onClick={() => decide(ACCEPT_ALL)}>
          {t.acceptAll}
        </button>
      </div>
    </section>
  );
}
