import type { Message } from '@riffroom/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

const BOB = makeUser({ firebase_uid: 'bob', user_name: 'Bob Tester', user_username: 'bobby', user_role: 'engineer' });
const CAROL = makeUser({ firebase_uid: 'carol', user_name: 'Carol Keys', user_username: 'carol' });

function message(overrides: Partial<Message> & { _id: string }): Message {
  return { from_uid: 'bob', to_uid: 'me', content: 'hi', createdAt: '2026-11-23T14:05:00.000Z', ...overrides };
}

function setup(path = '/dashboard?tab=messages') {
  const user = userEvent.setup();
  const fakes = fakeServices(ALICE);
  const app = () => renderApp(path, fakes.services);
  return { user, ...fakes, app };
}

describe('Direct Messages tab', () => {
  it("says 'No recent messages' and offers the network with names, usernames and roles", async () => {
    const { api, app } = setup();
    vi.mocked(api.users.getMyFollowing).mockResolvedValue([BOB, { ...CAROL, user_role: '' as never }]);
    app();
    expect(await screen.findByText('No recent messages')).toBeTruthy();
    const select = screen.getByLabelText('Your Network') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((option) => option.textContent)).toEqual([
      '-- Select a user --',
      'Bob Tester (@bobby) - Engineer',
      'Carol Keys (@carol) - Role unknown',
    ]);
  });

  it('lists recent conversations with unread badges, and opening one loads it, then marks it read', async () => {
    const { api, user, app } = setup();
    vi.mocked(api.messages.conversations).mockResolvedValue({ users: [BOB, CAROL], nextBefore: null });
    vi.mocked(api.messages.unreadCounts).mockResolvedValue([{ _id: 'bob', count: 2 }]);
    const order: string[] = [];
    vi.mocked(api.messages.conversation).mockImplementation(async (uid) => {
      order.push(`load ${uid}`);
      return {
        messages: [
          message({ _id: '1', content: 'mine', from_uid: 'me', to_uid: 'bob' }),
          message({ _id: '2', content: 'theirs' }),
        ],
        nextBefore: null,
      };
    });
    vi.mocked(api.messages.markRead).mockImplementation(async (uid) => void order.push(`read ${uid}`));
    app();

    const list = within(await screen.findByTestId('conversation-list'));
    expect(list.getAllByRole('button').map((button) => button.textContent)).toEqual(['BTBob Tester2', 'CKCarol Keys']);
    expect(within(screen.getByRole('complementary')).getByTestId('unread-badge').textContent).toBe('2');

    await user.click(list.getByRole('button', { name: /Bob Tester/ }));
    const header = within(await screen.findByTestId('chat-header'));
    expect(header.getByText('Bob Tester')).toBeTruthy();
    expect(header.getByText('@bobby')).toBeTruthy();
    const [mine, theirs] = await screen.findAllByTestId('message');
    expect(mine!.className).toContain('chat__message--own');
    expect(theirs!.className).toContain('chat__message--other');
    expect(mine!.querySelector('time')!.textContent).toMatch(/^\d{1,2}:\d{2}/);
    await waitFor(() => expect(order).toEqual(['load bob', 'read bob']));
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
    expect(screen.queryByTestId('conversation-unread')).toBeNull();
  });

  it("loads older conversations with 'Load more' at the end of the list, badges included", async () => {
    const { api, user, app } = setup();
    const DAVE = makeUser({ firebase_uid: 'dave', user_name: 'Dave Drums', user_username: 'dave' });
    vi.mocked(api.messages.conversations).mockImplementation(async (before) =>
      before === undefined ? { users: [BOB, CAROL], nextBefore: '41' } : { users: [DAVE], nextBefore: null },
    );
    vi.mocked(api.messages.unreadCounts).mockResolvedValue([
      { _id: 'bob', count: 2 },
      { _id: 'dave', count: 3 },
    ]);
    app();

    const list = within(await screen.findByTestId('conversation-list'));
    await waitFor(() => expect(list.getByRole('button', { name: /Bob Tester/ }).textContent).toBe('BTBob Tester2'));
    const buttons = () => list.getAllByRole('button').map((button) => button.textContent);
    expect(buttons()).toEqual(['BTBob Tester2', 'CKCarol Keys', 'Load more']);

    await user.click(list.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(buttons()).toEqual(['BTBob Tester2', 'CKCarol Keys', 'DDDave Drums3']));
    expect(api.messages.conversations).toHaveBeenLastCalledWith('41');
    expect(list.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('sends with Enter, clears the input, and keeps Send disabled while blank', async () => {
    const { api, user, app } = setup('/dashboard?tab=messages&with=bob');
    vi.mocked(api.users.getByUid).mockResolvedValue(BOB);
    app();
    const input = await screen.findByLabelText('Message Bob Tester');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(input, '   ');
    expect(send.disabled).toBe(true);
    await user.type(input, ' see https://example.com/mix <b>x</b>{Enter}');

    expect(api.messages.send).toHaveBeenCalledWith('bob', 'see https://example.com/mix <b>x</b>');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    const sent = await screen.findByTestId('message');
    expect(sent.querySelector('a')!.getAttribute('href')).toBe('https://example.com/mix');
    expect(sent.querySelector('b')).toBeNull();
    expect(sent.textContent).toContain('<b>x</b>');
    expect(send.disabled).toBe(true);
  });

  it('keeps the text and says so when a message cannot be sent', async () => {
    const { api, user, app } = setup('/dashboard?tab=messages&with=bob');
    vi.mocked(api.users.getByUid).mockResolvedValue(BOB);
    vi.mocked(api.messages.send).mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    app();
    const input = await screen.findByLabelText('Message Bob Tester');
    await user.type(input, 'hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Message not sent. Please try again.');
    expect((input as HTMLInputElement).value).toBe('hello');
  });

  it('shows a live message in the open conversation and marks it read, without a toast', async () => {
    const { api, realtime, app } = setup('/dashboard?tab=messages&with=bob');
    vi.mocked(api.messages.conversations).mockResolvedValue({ users: [BOB], nextBefore: null });
    app();
    await screen.findByTestId('message-list');
    await waitFor(() => expect(api.messages.markRead).toHaveBeenCalledTimes(1));

    act(() => realtime.deliver('new-message', message({ _id: '9', content: 'fresh take' })));
    expect((await screen.findByTestId('message')).textContent).toContain('fresh take');
    await waitFor(() => expect(api.messages.markRead).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});

describe('message notifications', () => {
  it('counts a new message in the sidebar and toasts it; the toast opens the conversation', async () => {
    const { api, realtime, user, app } = setup('/dashboard');
    vi.mocked(api.users.getByUid).mockResolvedValue(BOB);
    const rendered = app();
    await screen.findByText('Welcome back, Alice Tester!');

    act(() => realtime.deliver('new-message', message({ _id: '1' })));
    act(() => realtime.deliver('new-message', message({ _id: '2' })));
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('2'));
    const toasts = await screen.findAllByTestId('toast');
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.className).toContain('toast--message');
    expect(toasts[0]!.textContent).toContain('New message from Bob Tester');

    await user.click(within(toasts[0]!).getByRole('button', { name: 'Open' }));
    expect(rendered.location()).toBe('/dashboard?tab=messages&with=bob');
    await screen.findByTestId('chat-header');
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
  });
});
