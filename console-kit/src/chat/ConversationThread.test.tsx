import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ChatMessage } from '@market/shared';
import { testDataProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInConsole } from '../testing/index.tsx';
import { testAppEn, testAppIt } from '../testing/test-messages.ts';
import { ConversationThread } from './ConversationThread.tsx';

afterEach(cleanup);

/** A conversation in memory, answered and written as the API would. */
function conversationProvider(unread: number) {
  const state = {
    unread,
    messages: [
      { id: 'm1', author: 'buyer', body: 'Is it for Europe?', createdAt: '2026-01-02T10:00:00Z' },
    ] as ChatMessage[],
    posted: [] as string[],
  };
  const provider = {
    ...testDataProvider({
      getOne: async () =>
        ({ data: { id: 'o1', messages: state.messages, unread: state.unread } }) as never,
    }),
    async postAction(path: string, body?: { body: string }) {
      state.posted.push(path);
      if (path.endsWith('/read')) state.unread = 0;
      if (path.endsWith('/messages') && body) {
        state.messages = [
          ...state.messages,
          { id: 'm2', author: 'seller', body: body.body, createdAt: '2026-01-02T10:01:00Z' },
        ];
      }
      return {};
    },
  } as DataProvider;
  return { provider, state };
}

describe('ConversationThread', () => {
  it('shows the messages, marks them read and sends an answer', async () => {
    const { provider, state } = conversationProvider(1);
    renderInConsole(<ConversationThread id="o1" self="seller" />, {
      messages: { en: testAppEn, it: testAppIt },
      dataProvider: provider,
    });
    expect(await screen.findByText('Is it for Europe?')).toBeTruthy();
    await waitFor(() => expect(state.posted).toContain('/conversations/o1/read'));

    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Yes it is' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Yes it is')).toBeTruthy();
    expect(state.posted).toContain('/conversations/o1/messages');
  });
});
