import {
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TEXT_MIN_LENGTH,
  type OrderItem,
  type UserReview,
} from '@market/shared';
import { useId, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { ApiCallError } from '../../lib/api-client.ts';
import { showToast } from '../toast/toast.ts';
import { writeReview } from './reviews-api.ts';
import './reviews.css';

export interface ReviewFormProps {
  orderId: string;
  item: OrderItem;
  /** The buyer's review of this line, when there is one. */
  review: UserReview | undefined;
  onWritten: (review: UserReview) => void;
  idToken: () => Promise<string>;
  t: Messages['account']['orders']['review'];
}

/**
 * A delivered line's review: its status once written, else a button that opens the form (a
 * rating from 1 to 5 and a text). The review waits for moderation before the shop shows it.
 */
export default function ReviewForm({
  orderId,
  item,
  review,
  onWritten,
  idToken,
  t,
}: ReviewFormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (review) {
    return (
      <p className="hint review-status" data-review-status={review.status}>
        {interpolate(t.statuses[review.status], { rating: review.rating })}
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="secondary"
        aria-label={interpolate(t.writeLabel, { name: item.name })}
        onClick={() => setOpen(true)}
      >
        {t.write}
      </button>
    );
  }

  const valid = rating >= 1 && text.trim().length >= REVIEW_TEXT_MIN_LENGTH;
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid) return;
    setBusy(true);
    setError(null);
    try {
      const written = await writeReview(
        { orderId, itemId: item.id, rating, text: text.trim() },
        await idToken(),
      );
      onWritten(written);
      showToast(t.sent);
    } catch (err) {
      setError(err instanceof ApiCallError && err.status === 409 ? t.already : t.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="review-form"
      aria-labelledby={`${id}-heading`}
      onSubmit={(e) => void submit(e)}
    >
      <p id={`${id}-heading`} className="line-name">
        {interpolate(t.heading, { name: item.name })}
      </p>
      <fieldset className="review-stars">
        <legend>{t.rating}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name={`${id}-rating`}
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            <span aria-hidden="true">{'★'.repeat(n)}</span>
            <span className="visually-hidden">{interpolate(t.star, { n })}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t.text}</label>
        <textarea
          id={`${id}-text`}
          value={text}
          rows={4}
          minLength={REVIEW_TEXT_MIN_LENGTH}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          required
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-hint`} className="hint">
          {interpolate(t.textHint, { min: REVIEW_TEXT_MIN_LENGTH })}
        </p>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="review-actions">
        <button type="submit" disabled={busy || !valid}>
          {busy ? t.sending : t.submit}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
