import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

interface HappyDomWindow {
  happyDOM: { setViewport(size: { width: number; height: number }): void };
}
const setViewport = (width: number, height: number) =>
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });

async function openConnectedHostRoom() {
  vi.stubGlobal(
    'confirm',
    vi.fn(() => true),
  );
  const fakes = fakeServices(ALICE);
  renderApp('/host-collaboration', fakes.services);
  await screen.findByRole('heading', { name: "Alice Tester's Room" });
  const room = await waitFor(() => fakes.rooms.latest());
  act(() => room.connectAs({ peerId: 'host-peer', user_name: 'Alice Tester', role: 'host' }));
  await screen.findByText('Connected (High Performance)');
  return room;
}

/** Whether a panel shows: neither it nor a group around it is hidden. */
const shown = (element: HTMLElement) => element.closest('[hidden]') === null;

describe('the host room on a phone (below 768 px)', () => {
  afterEach(() => setViewport(1024, 768));

  it('shows one group of panels at a time, picked from a segmented control; chat is one tap away', async () => {
    setViewport(390, 844);
    const user = userEvent.setup();
    await openConnectedHostRoom();

    const picker = screen.getByRole('group', { name: 'Room panels' });
    const choices = within(picker).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual([
      'Sharing',
      'Audio',
      'Talkback',
      'Who can join',
      'Participants',
      'Chat',
    ]);
    expect(within(picker).getByRole('button', { name: 'Sharing' }).getAttribute('aria-pressed')).toBe('true');
    expect(shown(screen.getByRole('button', { name: 'Start Screen Share' }))).toBe(true);
    const chat = screen.getByRole('heading', { name: 'Live Chat', hidden: true });
    expect(shown(chat)).toBe(false);
    expect(shown(screen.getByRole('heading', { name: /^Participants \(/, hidden: true }))).toBe(false);

    const chatChoice = within(picker).getByRole('button', { name: 'Chat' });
    expect(document.getElementById(chatChoice.getAttribute('aria-controls') ?? '')?.contains(chat)).toBe(true);
    await user.click(chatChoice);
    expect(chatChoice.getAttribute('aria-pressed')).toBe('true');
    expect(shown(chat)).toBe(true);
    expect(shown(screen.getByRole('button', { name: 'Start Screen Share', hidden: true }))).toBe(false);

    await user.click(within(picker).getByRole('button', { name: 'Who can join' }));
    expect(shown(screen.getByRole('checkbox', { name: 'Guest access' }))).toBe(true);
    expect(shown(screen.getByRole('heading', { name: 'Invite Collaborators' }))).toBe(true);
    expect(shown(chat)).toBe(false);
    // End Session and Back to Dashboard stay whichever group shows.
    expect(shown(screen.getByRole('button', { name: 'End Session' }))).toBe(true);
    expect(shown(screen.getByRole('button', { name: 'Back to Dashboard' }))).toBe(true);
  });

  it('counts chat messages that came while another group showed, on the Chat choice, until Chat is opened', async () => {
    setViewport(390, 844);
    const user = userEvent.setup();
    const room = await openConnectedHostRoom();
    const picker = screen.getByRole('group', { name: 'Room panels' });
    const guestSays = (id: number, message: string) =>
      act(() =>
        room.update({
          chat: [
            ...room.getState().chat,
            { id, from: 'g1', fromName: 'Guest User', message, timestamp: id, own: false },
          ],
        }),
      );

    guestSays(1, 'can you hear me?');
    guestSays(2, 'the click is late');
    expect(within(picker).getByRole('button', { name: 'Chat 2 new' })).toBeTruthy();
    await user.click(within(picker).getByRole('button', { name: 'Chat 2 new' }));
    expect(screen.queryByTestId('unseen-chat')).toBeNull();
    guestSays(3, 'better now');
    expect(screen.queryByTestId('unseen-chat')).toBeNull();
    await user.click(within(picker).getByRole('button', { name: 'Participants' }));
    guestSays(4, 'one more take');
    expect(within(picker).getByTestId('unseen-chat').textContent).toBe('1');
  });

  it('keeps every panel in sight, with no segmented control, on a wide screen', async () => {
    await openConnectedHostRoom();
    expect(screen.queryByRole('group', { name: 'Room panels' })).toBeNull();
    expect(document.querySelectorAll('[hidden]')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Live Chat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Screen Share' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Guest access' })).toBeTruthy();
  });
});
