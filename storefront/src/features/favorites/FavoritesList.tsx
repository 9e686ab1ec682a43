import type { Locale } from '@market/shared';
import type { User } from 'firebase/auth';
import { useEffect, useId, useRef, useState } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { showToast } from '../toast/toast.ts';
import { fetchFavorites, productLinks, removeFavorite } from './favorites-api.ts';
import './favorites.css';

export interface FavoritesListProps {
  locale: Locale;
  /** The signed-in Firebase user: the calls carry their ID token. */
  user: User;
  t: Messages['account']['favorites'];
}

/** A favorite as listed: `product` is null once the product has left the catalogue. */
interface Row {
  productId: string;
  product: { name: string; url: string } | null;
}

/** The account page's favorites: links to the products, newest first, each removable. */
export default function FavoritesList({ locale, user, t }: FavoritesListProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [rows, setRows] = useState<Row[] | 'loading' | 'failed'>('loading');

  useEffect(() => {
    let current = true;
    (async () => {
      const favorites = await fetchFavorites(await user.getIdToken());
      const ids = favorites.map((f) => f.productId);
      const products = ids.length ? await productLinks(ids, locale) : new Map();
      return ids.map((productId) => ({ productId, product: products.get(productId) ?? null }));
    })().then(
      (loaded) => current && setRows(loaded),
      () => {
        if (!current) return;
        setRows('failed');
        showToast(t.loadFailed, { kind: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [user, locale, t, attempt]);

  const remove = async (row: Row) => {
    if (!Array.isArray(rows)) return;
    const before = rows;
    setRows(rows.filter((r) => r.productId !== row.productId));
    // The pressed button is gone: keep the keyboard user in the section.
    heading.current?.focus();
    try {
      await removeFavorite(user.uid, row.productId, await user.getIdToken());
    } catch {
      setRows((now) => (Array.isArray(now) ? restore(before, now, row) : now));
      showToast(t.removeFailed, { kind: 'error' });
    }
  };

  return (
    <section aria-labelledby={`${id}-favorites`} className="favorites">
      <h2 id={`${id}-favorites`} ref={heading} tabIndex={-1}>
        {t.heading}
      </h2>
      {rows === 'loading' && (
        <p role="status" className="loading">
          {t.loading}
        </p>
      )}
      {rows === 'failed' && (
        <div className="actions">
          <p className="message error">{t.loadFailed}</p>
          <button
            type="button"
            onClick={() => {
              setRows('loading');
              setAttempt((n) => n + 1);
            }}
          >
            {t.retry}
          </button>
        </div>
      )}
      {Array.isArray(rows) && !rows.length && <p className="loading">{t.empty}</p>}
      {Array.isArray(rows) && rows.length > 0 && (
        <ul className="favorite-list">
          {rows.map((row) => (
            <li key={row.productId}>
              {row.product ? (
                <a href={row.product.url}>{row.product.name}</a>
              ) : (
                <span className="unavailable">{t.unavailable}</span>
              )}
              <button
                type="button"
                aria-label={interpolate(t.removeLabel, {
                  name: row.product?.name ?? t.unavailable,
                })}
                onClick={() => void remove(row)}
              >
                {t.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Puts a row whose removal failed back where it was, keeping any other change made since. */
function restore(before: readonly Row[], now: readonly Row[], row: Row): Row[] {
  const kept = new Set(now.map((r) => r.productId));
  return before.filter((r) => r === row || kept.has(r.productId));
}
