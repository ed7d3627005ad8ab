import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from 'shared-kernel/api';
import type { ChatHistory, ChatMessage, ChatParty } from 'shared-kernel/schemas';
import { createTestQueryClient, deferred, makeUser, mockApi, renderWithPlatform, type MockedApi } from 'shared-kernel/testing';
import { resetLiveClient } from '../../../components/live/live-client';
import { messagingKeys } from '../../../components/query-keys';
import { FakeEventSource } from '../../../testing/fake-event-source';
// The top bar's badge as the shell renders it (the widget), beside the page.
import { Widget as TopBarBadges } from '../../../widgets/unread-badges';
import { MessagesPage } from './messages-page';

const me = makeUser({ id: 7 });
let api: MockedApi;

const party = (over: Partial<ChatParty>): ChatParty => ({
  id: 1,
  partyId: 9,
  otherPartyName: 'Konstantin Tamm',
  seen: true,
  lastMessageTs: '2026-11-23T10:00:00.000Z',
  ...over,
});
const message = (id: number, isMine = id % 2 === 0): ChatMessage => ({
  id,
  message: `Sõnum ${id}`,
  userId: isMine ? 7 : 9,
  isMine,
  createdTs: new Date(Date.UTC(2026, 10, 1, 10, id)).toISOString(),
  parentThread: { senderId: 9, receiverId: 7 },
});
let stored: ChatMessage[];

function history(limit: number): ChatHistory {
  return { threadId: 1, otherPartyName: 'Konstantin Tamm', messages: stored.slice(-limit), total: stored.length };
}

beforeEach(() => {
  FakeEventSource.install();
  stored = Array.from({ length: 8 }, (_, i) => message(i + 1));
  api = mockApi({
    'GET /user-messages/user/:id/user-chats': () => [party({ seen: false }), party({ id: 2, partyId: 11, otherPartyName: 'Ann' })],
    'GET /user-messages/between-users/user/:id/party/:partyId': ({ query }) => history(Number(query?.limit)),
    'PUT /user-messages/user/:id/party/:partyId/seen': () => ({ ok: true }),
    'POST /user-messages/user/:id/mark-read': () => ({ ok: true }),
    'GET /user-messages/user/:id/count-chats': () => 0,
    'GET /user-notifications/user/:userId/count': () => 0,
    'POST /user-messages/user/:id/write': ({ body }) => {
      const written = { ...message(99, true), message: (body as { message: string }).message };
      stored.push(written);
      return written;
    },
  });
});
afterEach(() => {
  resetLiveClient();
  FakeEventSource.uninstall();
});

const thread = () => screen.findByRole('region', { name: 'Vestlus: Konstantin Tamm' });

describe('messages page', () => {
  it("says 'Sõnumid puuduvad' without conversations", async () => {
    api.on({ 'GET /user-messages/user/:id/user-chats': () => [] });
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sõnumid');
    expect(await screen.findByText('Sõnumid puuduvad')).toBeInTheDocument();
  });

  it('lists the parties with names cut to 4 and 10 characters and the full name in the title', async () => {
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages' });
    const button = await screen.findByRole('button', { name: 'Konstantin (Konstantin Tamm), lugemata' });
    expect(button).toHaveAttribute('title', 'Konstantin Tamm');
    expect(within(button).getByText('Kons')).toBeInTheDocument();
    expect(within(button).getByText('Konstantin')).toBeInTheDocument();
    expect(button).not.toHaveTextContent('Tamm');
    expect(screen.getByRole('button', { name: 'Ann' })).toHaveTextContent('Ann');
  });

  // Issue 25: opening Messages did not clear the unread badge.
  it('marks the threads read on opening the list: the top bar badge drops to 0 at once, the list keeps the unread bold', async () => {
    api.on({ 'GET /user-messages/user/:id/count-chats': () => 2, 'GET /user-notifications/user/:userId/count': () => 1 });
    renderWithPlatform(
      <>
        <TopBarBadges />
        <MessagesPage />
      </>,
      { session: me, route: '/auth/messages' },
    );
    expect(await screen.findByRole('link', { name: 'Sõnumid, 2 lugemata' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests('POST /user-messages/user/:id/mark-read').map((r) => r.path)).toEqual(['/user-messages/user/7/mark-read']),
    );
    // At once from the answer, not at the next poll (the count endpoint still says 2 here).
    expect(await screen.findByRole('link', { name: 'Sõnumid, 0 lugemata' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Teavitused, 1 lugemata' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Konstantin (Konstantin Tamm), lugemata' })).toBeInTheDocument();
    expect(api.requests('GET /user-messages/user/:id/count-chats')).toHaveLength(1);
  });

  it('does not mark anything when every thread is already read', async () => {
    api.on({ 'GET /user-messages/user/:id/user-chats': () => [party({}), party({ id: 2, partyId: 11, otherPartyName: 'Ann' })] });
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages' });
    expect(await screen.findByRole('button', { name: 'Ann' })).toBeInTheDocument();
    expect(api.requests('POST /user-messages/user/:id/mark-read')).toHaveLength(0);
  });

  it("opens a thread: the last 6 messages, marked seen, then 'Lae kogu ajalugu' loads 100", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(messagingKeys.unreadCounts(7), { messages: 1, notifications: 0 });
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages', queryClient });
    fireEvent.click(await screen.findByRole('button', { name: 'Konstantin (Konstantin Tamm), lugemata' }));
    const region = await thread();
    expect(within(region).getAllByRole('listitem')).toHaveLength(6);
    expect(within(region).queryByText('Sõnum 2')).not.toBeInTheDocument();
    expect(api.requests('GET /user-messages/between-users/user/:id/party/:partyId')[0]).toMatchObject({
      path: '/user-messages/between-users/user/7/party/9',
      query: { limit: 6 },
    });
    await waitFor(() => expect(api.requests('PUT /user-messages/user/:id/party/:partyId/seen')).toHaveLength(1));
    expect(api.requests('PUT /user-messages/user/:id/party/:partyId/seen')[0]!.path).toBe('/user-messages/user/7/party/9/seen');
    expect(await screen.findByRole('button', { name: 'Konstantin (Konstantin Tamm)' })).toHaveAttribute('aria-current', 'true');
    // The top bar's badge (same client) asks for the count again.
    expect(queryClient.getQueryState(messagingKeys.unreadCounts(7))?.isInvalidated).toBe(true);

    fireEvent.click(within(region).getByRole('button', { name: 'Lae kogu ajalugu' }));
    expect(await within(region).findByText('Sõnum 1')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(8);
    expect(api.requests('GET /user-messages/between-users/user/:id/party/:partyId').at(-1)!.query).toEqual({ limit: 100 });
    expect(within(region).queryByRole('button', { name: 'Lae kogu ajalugu' })).not.toBeInTheDocument();
  });

  it("opens ?party= directly and says 'Sul pole sõnumeid, mida laadida' for an empty thread", async () => {
    stored = [];
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages?party=9' });
    const region = await thread();
    expect(within(region).getByText('Sul pole sõnumeid, mida laadida')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Lae kogu ajalugu' })).not.toBeInTheDocument();
  });

  it('appends a sent message at once and keeps it after the answer', async () => {
    const answer = deferred<ChatMessage>();
    api.on({ 'POST /user-messages/user/:id/write': () => answer.promise });
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages?party=9' });
    const region = await thread();
    fireEvent.change(within(region).getByRole('textbox', { name: /Uus sõnum/ }), { target: { value: 'Tulen kell 10' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Saada' }));
    expect(await within(region).findByText('Tulen kell 10')).toBeInTheDocument();
    expect(within(region).getByRole('textbox', { name: /Uus sõnum/ })).toHaveValue('');
    expect(api.requests('POST /user-messages/user/:id/write')[0]!.body).toEqual({
      message: 'Tulen kell 10',
      parentThread: { senderId: 7, receiverId: 9 },
    });
    stored.push({ ...message(99, true), message: 'Tulen kell 10' });
    await act(async () => answer.resolve({ ...message(99, true), message: 'Tulen kell 10' }));
    await waitFor(() => expect(within(region).getByText('Tulen kell 10').closest('li')).not.toHaveAttribute('data-pending'));
  });

  it('takes the message back out with an error text when sending fails', async () => {
    api.on({
      'POST /user-messages/user/:id/write': () => {
        throw new ApiError({ status: 500, code: 'HTTP_500', message: 'boom' });
      },
    });
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages?party=9' });
    const region = await thread();
    fireEvent.change(within(region).getByRole('textbox', { name: /Uus sõnum/ }), { target: { value: 'Ei jõua kohale' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Saada' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Sõnumi saatmine ebaõnnestus. Proovi uuesti.');
    expect(within(region).queryByText('Ei jõua kohale', { selector: 'p' })).not.toBeInTheDocument();
    expect(within(region).getByRole('textbox', { name: /Uus sõnum/ })).toHaveValue('Ei jõua kohale');
  });

  it('says in Estonian to wait when the server refuses a message with 429 (issue 29), keeping the text', async () => {
    api.on({
      'POST /user-messages/user/:id/write': () => {
        throw new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Liiga palju sõnumeid. Proovi minuti pärast uuesti.' });
      },
    });
    renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages?party=9' });
    const region = await thread();
    fireEvent.change(within(region).getByRole('textbox', { name: /Uus sõnum/ }), { target: { value: 'Kolmekümne esimene' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Saada' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('Liiga palju sõnumeid. Proovi minuti pärast uuesti.');
    expect(alert).not.toHaveTextContent(/RATE_LIMITED|429/);
    expect(within(region).getByRole('textbox', { name: /Uus sõnum/ })).toHaveValue('Kolmekümne esimene');
  });

  it('shows a message that arrives on the live stream in the open thread', async () => {
    const { queryClient } = renderWithPlatform(<MessagesPage />, { session: me, route: '/auth/messages?party=9' });
    const region = await thread();
    stored.push({ ...message(101, false), message: 'Kas sobib?' });
    act(() => FakeEventSource.current().send({ type: 'message', threadId: 1, fromUserId: 9 }));
    expect(await within(region).findByText('Kas sobib?')).toBeInTheDocument();
    await waitFor(() => expect(api.requests('PUT /user-messages/user/:id/party/:partyId/seen')).toHaveLength(2));
    expect(queryClient.getQueryState(messagingKeys.parties(7))?.dataUpdateCount).toBeGreaterThanOrEqual(1);
  });
});
