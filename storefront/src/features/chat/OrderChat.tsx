import { CHAT_MESSAGE_MAX_LENGTH, type BuyerConversation, type Locale } from '@market/shared';
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import type { Messages } from '../../i18n/en.ts';
import { interpolate } from '../../i18n/interpolate.ts';
import { listConversations, markRead, sendMessage } from './chat-api.ts';
import './chat.css';

export interface OrderChatProps {
  orderId: string;
  locale: Locale;
  idToken: () => Promise<string>;
  t: Messages['account']['orders']['chat'];
}

/** How often an open order asks for new messages (a 304 while nothing changed). */
const POLL_MS = 10_000;

/**
 * The buyer's conversations on an open order, one per seller: the messages, and a box to write.
 * Loaded with the order's details (a lazy chunk of the account island); it polls while the tab
 * is visible and marks what it shows as read.
 */
export default function OrderChat({ orderId, locale, idToken, t }: OrderChatProps) {
  const [threads, setThreads] = useState<BuyerConversation[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async () =>
      listConversations(orderId, await idToken()).then(
        (list) => (setThreads(list), setFailed(false)),
        () => setFailed(true),
      ),
    [orderId, idToken],
  );

  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  const replace = (next: BuyerConversation) =>
    setThreads((was) => was?.map((c) => (c.sellerId === next.sellerId ? next : c)) ?? [next]);

  // What the buyer sees is read: their unread count drops (the seller's mails wait on it).
  const unread = threads?.filter((c) => c.unread > 0).map((c) => c.sellerId) ?? [];
  const unreadKey = unread.join(',');
  useEffect(() => {
    if (!unreadKey) return;
    void (async () => {
      const token = await idToken();
      for (const sellerId of unreadKey.split(',')) {
        // Still unread on failure: the next poll tries again.
        await markRead(orderId, sellerId, token).then(replace, () => undefined);
      }
    })();
  }, [unreadKey, orderId, idToken]);

  if (failed && !threads) return <p className="message error">{t.loadFailed}</p>;
  if (!threads) return null;
  return (
    <div className="order-chat">
      {threads.map((thread) => (
        <Thread
          key={thread.sellerId}
          orderId={orderId}
          thread={thread}
          locale={locale}
          idToken={idToken}
          onChange={replace}
          t={t}
        />
      ))}
    </div>
  );
}

function Thread({
  orderId,
  thread,
  locale,
  idToken,
  onChange,
  t,
}: {
  orderId: string;
  thread: BuyerConversation;
  locale: Locale;
  idToken: () => Promise<string>;
  onChange: (thread: BuyerConversation) => void;
  t: OrderChatProps['t'];
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const seller = { seller: thread.sellerName };
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(iso),
    );

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setError(false);
    try {
      onChange(await sendMessage(orderId, thread.sellerId, { body: text }, await idToken()));
      setText('');
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="chat-thread" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>{interpolate(t.heading, seller)}</h4>
      {thread.messages.length === 0 ? (
        <p className="hint">{t.empty}</p>
      ) : (
        <ol className="chat-messages" aria-live="polite">
          {thread.messages.map((m) => (
            <li key={m.id} className={m.author === 'buyer' ? 'mine' : 'theirs'}>
              <p className="hint">
                {t.authors[m.author]} · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              </p>
              <p className="chat-body">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <label htmlFor={`${id}-text`}>{interpolate(t.message, seller)}</label>
        <textarea
          id={`${id}-text`}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p role="alert" className="message error">
            {t.failed}
          </p>
        )}
        <button type="submit" disabled={busy || !text.trim()}>
          {busy ? t.sending : t.send}
        </button>
      </form>
    </section>
  );
}
