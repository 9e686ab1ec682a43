import {
  ACCEPT_ALL,
  REJECT_ALL,
  parseConsent,
  serializeConsent,
  type Consent,
} from './consent-cookie.ts';
import { allowedTags, type ConsentTags } from './consent-tags.ts';

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
  const keep = new Set<string>(allowed.map((tag) => tag.id));
  return [...document.querySelectorAll<HTMLScriptElement>('script[data-consent-tag]')].some(
    (script) => !keep.has(script.dataset.consentTag ?? ''),
  );
}

/**
 * The banner's behaviour. Its markup is in the served page, hidden, the same for everyone (the
 * page is cached): the choice is read from the cookie here, in the browser. Asks when there is
 * none, loads the tags the choice allows, reopens from the footer's "Cookie settings". A script
 * cannot be unloaded, so withdrawing consent for a loaded tag reloads the page.
 */
export function startConsent(banner: HTMLElement): void {
  const tags = JSON.parse(banner.dataset.tags ?? '{}') as ConsentTags;
  const choices = banner.querySelector<HTMLFieldSetElement>('.consent-choices')!;
  const box = (name: keyof Consent) =>
    banner.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  const button = (action: string) =>
    banner.querySelector<HTMLButtonElement>(`button[data-consent="${action}"]`)!;

  const customise = (on: boolean) => {
    choices.hidden = !on;
    button('customise').hidden = on;
    button('save').hidden = !on;
  };
  const open = (withChoices: boolean) => {
    const current = parseConsent(document.cookie) ?? REJECT_ALL;
    box('analytics').checked = current.analytics;
    box('marketing').checked = current.marketing;
    customise(withChoices);
    banner.hidden = false;
  };
  const decide = (consent: Consent) => {
    document.cookie = serializeConsent(consent, location.protocol === 'https:');
    banner.hidden = true;
    if (applyConsent(consent, tags)) location.reload();
  };

  banner.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-consent]')?.dataset
      .consent;
    if (action === 'accept') decide(ACCEPT_ALL);
    else if (action === 'reject') decide(REJECT_ALL);
    else if (action === 'save')
      decide({ analytics: box('analytics').checked, marketing: box('marketing').checked });
    else if (action === 'customise') {
      customise(true);
      box('analytics').focus();
    }
  });
  banner.addEventListener('keydown', (event) => {
    // Escape closes the banner only once a choice exists: before, it is the question.
    if (event.key === 'Escape' && parseConsent(document.cookie)) banner.hidden = true;
  });
  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('[data-consent-settings]')) return;
    event.preventDefault();
    open(true);
    // Keyboard users land in the banner they opened.
    box('analytics').focus();
  });

  const saved = parseConsent(document.cookie);
  if (saved) applyConsent(saved, tags);
  else open(false);
}
