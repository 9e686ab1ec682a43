import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatAuthor, type ChatMessage } from '@market/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useGetOne, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { errorNotification } from '../actions/api-error.ts';
import { useAction } from '../actions/use-action.ts';
import type { ConsoleDataProvider } from '../data/data-provider.ts';

/**
 * What the thread reads of a `conversations` record. `messages` is missing while react-admin
 * shows the list's row (a summary) in place of the record it is fetching.
 */
type ThreadRecord = { id: string; messages?: ChatMessage[]; unread: number };

export interface ConversationThreadProps {
  /** The record's id: the order's in the seller console, the conversation's in the admin's. */
  id: string;
  /** Whose messages are the caller's own (drawn on the right). */
  self: ChatAuthor;
  /** How often the thread asks for new messages (answered 304 while nothing changed). */
  pollMs?: number;
}

/**
 * A conversation and the box to answer it, in either console (`resources.conversations.thread`
 * texts are the kit's). It polls the record (`ETag`/`If-None-Match`: the browser revalidates,
 * the API answers 304 while nothing changed) and marks it read while it shows unread messages.
 */
export function ConversationThread({ id, self, pollMs = 10_000 }: ConversationThreadProps) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [text, setText] = useState('');
  const { data, refetch, error } = useGetOne<ThreadRecord>(
    'conversations',
    { id },
    { refetchInterval: pollMs },
  );

  const messages = data?.messages;
  const unread = messages ? (data?.unread ?? 0) : 0;
  useEffect(() => {
    if (unread === 0) return;
    dataProvider
      .postAction(`/conversations/${encodeURIComponent(id)}/read`)
      .then(() => refetch())
      // Still unread: the next poll tries again.
      .catch(() => undefined);
  }, [unread, id, dataProvider, refetch]);

  const send = useAction(
    (body: string) =>
      dataProvider.postAction(`/conversations/${encodeURIComponent(id)}/messages`, { body }),
    {
      onSuccess: () => {
        setText('');
        void refetch();
      },
      onError: (err) => notify(errorNotification(err), { type: 'error' }),
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.run(text);
  };

  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <Box component="section" aria-label={translate('resources.conversations.thread.title')}>
      <Typography variant="h6" gutterBottom>
        {translate('resources.conversations.thread.title')}
      </Typography>
      {error ? (
        <Typography color="error">
          {translate('resources.conversations.thread.load_failed')}
        </Typography>
      ) : null}
      {messages?.length === 0 ? (
        <Typography color="text.secondary">
          {translate('resources.conversations.thread.empty')}
        </Typography>
      ) : null}
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {messages?.map((m) => (
          <Box
            component="li"
            key={m.id}
            data-author={m.author}
            sx={{ display: 'flex', justifyContent: m.author === self ? 'flex-end' : 'flex-start' }}
          >
            <Paper variant="outlined" sx={{ p: 1, maxWidth: '75%' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {translate(`resources.conversations.thread.authors.${m.author}`)} ·{' '}
                <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {m.body}
              </Typography>
            </Paper>
          </Box>
        ))}
      </Stack>
      <Box component="form" onSubmit={submit} sx={{ mt: 2, display: 'flex', gap: 1 }}>
        <TextField
          label={translate('resources.conversations.thread.message')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH } }}
        />
        <Button type="submit" variant="contained" disabled={send.isPending || !text.trim()}>
          {translate('resources.conversations.thread.send')}
        </Button>
      </Box>
    </Box>
  );
}
