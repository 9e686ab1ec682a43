import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Currency, Locale } from '@market/shared';
import { formatCents, pickCurrency, browserLanguages } from '../../lib/currency.ts';
import {
  moveActive,
  readSuggestions,
  suggestPath,
  SUGGEST_MIN_LENGTH,
  type Suggestions,
} from './suggest.ts';
import './search-suggest.css';

interface Props {
  locale: Locale;
  /** The localized search page: the form's action, as without script. */
  action: string;
  /** The query already searched (on the search page), else empty. */
  query: string;
  t: {
    search: string;
    searchLabel: string;
    searchPlaceholder: string;
    suggestions: string;
    products: string;
    categories: string;
  };
}

/** Debounce of typing before asking: one request per pause rather than per letter. */
const DEBOUNCE_MS = 150;
const EMPTY: Suggestions & { currency?: Currency } = { products: [], categories: [] };

/**
 * The header's search box with suggestions (WAI-ARIA combobox with a listbox popup). Server
 * rendered as the plain GET form, so without script it still submits to the search page; the
 * input is uncontrolled so letters typed before hydration are kept (and asked for on mount).
 */
export default function SearchSuggest({ locale, action, query, t }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // The prices are in the currency they were asked in, kept with them.
  const [list, setList] = useState<Suggestions & { currency?: Currency }>(EMPTY);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const options = [...list.products, ...list.categories];

  const ask = (text: string) => {
    clearTimeout(timer.current);
    pending.current?.abort();
    if (text.trim().length < SUGGEST_MIN_LENGTH) {
      setList(EMPTY);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      const currency = pickCurrency(location.hash, document.cookie, browserLanguages(navigator));
      fetch(suggestPath(text, locale, currency), {
        signal: controller.signal,
        credentials: 'omit',
      })
        .then((res) => (res.ok ? res.json() : null))
        .then((body: unknown) => {
          if (controller.signal.aborted) return;
          // A missing endpoint or an odd answer shows nothing: the form still searches.
          const found = readSuggestions(body) ?? EMPTY;
          setList({ ...found, currency });
          setActive(-1);
          setOpen(found.products.length + found.categories.length > 0);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
  };

  useEffect(() => {
    // Hydrated on the first focus: whatever was typed before is asked for now.
    const text = input.current?.value ?? '';
    if (text !== query) ask(text);
    return () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      event.preventDefault();
      if (!open && options.length) setOpen(true);
      setActive(moveActive(active, options.length, key));
    } else if (key === 'Escape') {
      if (open) {
        event.preventDefault();
        close();
      }
    } else if (key === 'Enter' && open && active >= 0 && options[active]) {
      // A chosen suggestion opens its page; Enter on the text alone submits the form.
      event.preventDefault();
      location.assign(options[active].url);
    }
  };

  const optionId = (index: number) => `search-suggest-${index}`;
  const option = (index: number, url: string, body: ReactNode) => (
    <li
      key={url}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      className="suggest-option"
      // Keeps the focus in the box, so the click below is not lost to blur.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => location.assign(url)}
    >
      {body}
    </li>
  );

  return (
    <form className="search" method="get" action={action} role="search">
      <input
        ref={input}
        type="search"
        name="q"
        aria-label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        maxLength={100}
        defaultValue={query}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls="search-suggest"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onInput={(event) => ask(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <button type="submit">{t.search}</button>
      <ul id="search-suggest" role="listbox" aria-label={t.suggestions} hidden={!open}>
        {list.products.length > 0 && (
          <li role="presentation" className="suggest-heading">
            {t.products}
          </li>
        )}
        {list.products.map((p, i) =>
          option(
            i,
            p.url,
            <>
              <img src={p.imageUrl ?? '/images/placeholder.svg'} alt="" width="48" height="36" />
              <span className="suggest-name">{p.name}</span>
              <small>{p.platform}</small>
              {p.priceCents !== null && list.currency && (
                <strong>{formatCents(p.priceCents, list.currency, locale)}</strong>
              )}
            </>,
          ),
        )}
        {list.categories.length > 0 && (
          <li role="presentation" className="suggest-heading">
            {t.categories}
          </li>
        )}
        {list.categories.map((c, i) =>
          option(list.products.length + i, c.url, <span className="suggest-name">{c.name}</span>),
        )}
      </ul>
    </form>
  );
}
