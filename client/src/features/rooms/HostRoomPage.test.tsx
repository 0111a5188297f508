import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProgramAudioSource } from '../../services/media/capture';
import { ALICE, apiError, fakeServices, makeProfile, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';
import { lateNightRoom } from '../../testing/roomFixtures';

function setup() {
  const user = userEvent.setup();
  // happy-dom has no alert() or confirm(); stand them in, as the browser would show the dialogs.
  const alert = vi.fn();
  const confirm = vi.fn(() => true);
  vi.stubGlobal('alert', alert);
  vi.stubGlobal('confirm', confirm);
  const fakes = fakeServices(ALICE);
  return { user, alert, confirm, ...fakes };
}

async function openConnectedHostRoom(fakes: ReturnType<typeof setup>) {
  const app = renderApp('/host-collaboration', fakes.services);
  await screen.findByRole('heading', { name: "Alice Tester's Room" });
  const room = await waitFor(() => fakes.rooms.latest());
  act(() => room.connectAs({ peerId: 'host-peer', user_name: 'Alice Tester', role: 'host' }));
  // The screen has picked up the connection once it shows the connection's state.
  await screen.findByText('Connected (High Performance)');
  return { app, room };
}

describe('Host room screen', () => {
  it("shows 'Loading profile...', then 'Creating room...', then creates the room once with the defaults", async () => {
    const { services, api } = setup();
    let resolveProfile: (profile: ReturnType<typeof makeProfile>) => void = () => {};
    vi.mocked(api.users.getOwnProfile).mockReturnValue(new Promise((resolve) => (resolveProfile = resolve)));
    let resolveRoom: (room: { roomId: string; name: string; settings: never }) => void = () => {};
    vi.mocked(api.rooms.create).mockReturnValue(new Promise((resolve) => (resolveRoom = resolve)));
    renderApp('/host-collaboration', services);

    expect(await screen.findByText('Loading profile...')).toBeTruthy();
    act(() => resolveProfile(makeProfile()));
    expect(await screen.findByText('Creating room...')).toBeTruthy();
    expect(api.rooms.create).toHaveBeenCalledTimes(1);
    expect(api.rooms.create).toHaveBeenCalledWith({
      name: "Alice Tester's Room",
      baseUrl: window.location.origin,
      settings: { isPublic: true, maxParticipants: 10, allowGuestAccess: true },
    });
    act(() =>
      resolveRoom({
        roomId: 'r7x9k2q',
        name: "Alice Tester's Room",
        settings: { isPublic: true, maxParticipants: 10, allowGuestAccess: true } as never,
      }),
    );
    expect(await screen.findByRole('heading', { name: "Alice Tester's Room" })).toBeTruthy();
    expect(screen.getByText(/Host: Alice Tester/)).toBeTruthy();
    expect(screen.getByTestId('connection-code').textContent).toBe('r7x9k2q');
    expect(screen.getAllByText('r7x9k2q')).toHaveLength(2);
    expect((screen.getByLabelText('Invite link') as HTMLInputElement).value).toBe(
      `${window.location.origin}/join-room/r7x9k2q`,
    );
    expect(screen.getByLabelText('Invite link').hasAttribute('readonly')).toBe(true);
  });

  it("builds the invite link on the deployment's PUBLIC_URL when it has one", async () => {
    const { services, api } = setup();
    renderApp('/host-collaboration', { ...services, publicUrl: 'https://studio.example.com' });
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    const link = (screen.getByLabelText('Invite link') as HTMLInputElement).value;
    expect(link).toMatch(/^https:\/\/studio\.example\.com\/join-room\/\w+$/);
    expect(api.rooms.create).toHaveBeenCalledWith(expect.objectContaining({ baseUrl: 'https://studio.example.com' }));
  });

  it("resumes the host's live room instead of creating another (a reload, Start Hosting again)", async () => {
    const { services, api } = setup();
    vi.mocked(api.rooms.mine).mockResolvedValue({
      roomId: 'live777',
      name: 'Still Going',
      settings: { isPublic: true, maxParticipants: 10, allowGuestAccess: true, tier: 'auto' },
    });
    renderApp('/host-room/abc1234', services);
    expect(await screen.findByRole('heading', { name: 'Still Going' })).toBeTruthy();
    expect(screen.getByTestId('connection-code').textContent).toBe('live777');
    expect(api.rooms.create).not.toHaveBeenCalled();
  });

  it('opens /host-room/{id} on that room when this user hosts it, and creates one when nobody does', async () => {
    const { services, api } = setup();
    vi.mocked(api.rooms.get).mockImplementation(async (roomId) =>
      roomId === 'mine123'
        ? { ...lateNightRoom(roomId), host: { firebase_uid: ALICE.uid, user_name: 'Alice Tester' } }
        : lateNightRoom(roomId),
    );
    const first = renderApp('/host-room/mine123', services);
    expect(await screen.findByRole('heading', { name: 'Late Night Session' })).toBeTruthy();
    expect(screen.getByTestId('connection-code').textContent).toBe('mine123');
    first.unmount();

    // Someone else's room: this user gets a room of their own.
    renderApp('/host-room/r1', services);
    expect(await screen.findByRole('heading', { name: "Alice Tester's Room" })).toBeTruthy();
    expect(api.rooms.create).toHaveBeenCalledTimes(1);
  });

  it('still creates the room when the profile fails to load (the profile stays null)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { services, api } = setup();
    vi.mocked(api.users.getOwnProfile).mockRejectedValue(apiError(500, 'internal', 'boom'));
    renderApp('/host-collaboration', services);
    expect(await screen.findByRole('heading', { name: "alice's Room" })).toBeTruthy();
  });

  it("shows 'Failed to create room' with Back to Dashboard when creation fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { services, api, user } = setup();
    vi.mocked(api.rooms.create).mockRejectedValue(apiError(500, 'internal', 'boom'));
    const app = renderApp('/host-collaboration', services);

    expect(await screen.findByRole('heading', { name: 'Failed to create room' })).toBeTruthy();
    expect(screen.getByText('Failed to create room. Please try again.').className).toContain('room-banner--error');
    await user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });

  it("lists each person once (two tabs of one user, the host's own other tab left out) and removes one after confirming", async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);
    act(() =>
      room.update({
        // Bob's first tab, the one participant-joined named, has closed; his second is open.
        people: [
          { key: 'bob', peerId: 'bob-1', firebase_uid: 'bob', user_name: 'Bob', role: 'participant' },
          { key: 'guest-1', peerId: 'guest-1', firebase_uid: null, user_name: 'Guest User', role: 'viewer' },
        ],
        peers: [
          { peerId: 'bob-2', firebase_uid: 'bob', user_name: 'Bob', role: 'participant' },
          { peerId: 'guest-1', firebase_uid: null, user_name: 'Guest User', role: 'viewer' },
        ],
        participantCount: 2,
      }),
    );
    const list = screen.getByRole('list', { name: 'Participants' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Bob', 'Guest User']);
    expect(screen.getByRole('heading', { name: 'Participants (2/10)' })).toBeTruthy();

    fakes.confirm.mockReturnValueOnce(false);
    await fakes.user.click(screen.getByRole('button', { name: 'Remove Bob' }));
    expect(room.removeParticipant).not.toHaveBeenCalled();
    await fakes.user.click(screen.getByRole('button', { name: 'Remove Bob' }));
    expect(fakes.confirm).toHaveBeenLastCalledWith('Remove Bob from this room?');
    expect(room.removeParticipant).toHaveBeenCalledWith('bob-2');
  });

  it('changes who can join live: guest access, public, lock and the maximum', async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);
    await fakes.user.click(screen.getByLabelText('Guest access'));
    expect(room.setControls).toHaveBeenLastCalledWith({ allowGuestAccess: false });
    await waitFor(() => expect((screen.getByLabelText('Guest access') as HTMLInputElement).checked).toBe(false));
    await fakes.user.click(screen.getByLabelText('Lock room'));
    expect(room.setControls).toHaveBeenLastCalledWith({ locked: true });
    await fakes.user.click(screen.getByLabelText('Public room'));
    expect(room.setControls).toHaveBeenLastCalledWith({ isPublic: false });
    const max = screen.getByLabelText('Maximum participants');
    await fakes.user.clear(max);
    await fakes.user.type(max, '4{Enter}');
    expect(room.setControls).toHaveBeenLastCalledWith({ maxParticipants: 4 });
    await screen.findByRole('heading', { name: /Participants \(\d+\/4\)/ });

    vi.spyOn(console, 'error').mockImplementation(() => {});
    room.setControls.mockRejectedValueOnce(new Error('refused'));
    await fakes.user.click(screen.getByLabelText('Guest access'));
    expect((await screen.findByText('Failed to update room settings')).getAttribute('role')).toBe('alert');
    expect((screen.getByLabelText('Guest access') as HTMLInputElement).checked).toBe(false);
  });

  it('colours the banner by connection status', async () => {
    const fakes = setup();
    renderApp('/host-collaboration', fakes.services);
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    const room = await waitFor(() => fakes.rooms.latest());
    expect(room.options).toMatchObject({ roomId: 'room123', role: 'host', token: 'fake-token' });
    const banner = () => screen.getByText(/Initializing|Connecting|Connected|Unable/);

    expect(banner().dataset.tone).toBe('connecting');
    act(() => room.update({ status: 'connecting' }));
    await waitFor(() => expect(banner().textContent).toBe('Connecting...'));
    expect(banner().dataset.tone).toBe('connecting');
    act(() => room.update({ status: 'connected' }));
    expect(banner().textContent).toBe('Connected (High Performance)');
    expect(banner().className).toContain('room-banner--connected');
    act(() => room.update({ status: 'connected-fallback' }));
    expect(banner().textContent).toBe('Connected (Cloud Backup)');
    expect(banner().dataset.tone).toBe('fallback');
    act(() => room.update({ status: 'error', error: 'Unable to connect. Please try again.' }));
    expect(banner().textContent).toBe('Unable to connect. Please try again.');
    expect(banner().dataset.tone).toBe('error');
  });

  it('ends the session only after confirmation, then goes to /dashboard', async () => {
    const fakes = setup();
    const { app, room } = await openConnectedHostRoom(fakes);

    fakes.confirm.mockReturnValueOnce(false);
    await fakes.user.click(screen.getByRole('button', { name: 'End Session' }));
    expect(fakes.confirm).toHaveBeenCalledWith('Are you sure you want to end this session?');
    expect(fakes.api.rooms.end).not.toHaveBeenCalled();

    await fakes.user.click(screen.getByRole('button', { name: 'End Session' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(fakes.api.rooms.end).toHaveBeenCalledWith('room123');
    expect(room.closed).toBe(true);
  });

  it('Back to Dashboard leaves the room on purpose, so guests read it as left, not dropped', async () => {
    const fakes = setup();
    const { app, room } = await openConnectedHostRoom(fakes);
    await fakes.user.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(room.leaveAndClose).toHaveBeenCalledTimes(1);
  });

  it('closing the tab (pagehide) leaves the room on purpose while the page can still send', async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(room.leaveAndClose).toHaveBeenCalledTimes(1);
  });

  it("copies the invite link and says 'Room link copied!'", async () => {
    const fakes = setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await openConnectedHostRoom(fakes);
    await fakes.user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/join-room/room123`);
    expect(fakes.alert).toHaveBeenCalledWith('Room link copied!');
  });

  it("changes the room's 'Connection tier', and shows the old one again when the change fails", async () => {
    const fakes = setup();
    await openConnectedHostRoom(fakes);
    const select = screen.getByLabelText<HTMLSelectElement>('Connection tier');
    expect(select.value).toBe('auto');
    expect([...select.options].map((option) => option.text)).toEqual([
      'Automatic',
      'Dedicated server',
      'Peer-to-peer',
      'Server relay',
    ]);
    await fakes.user.selectOptions(select, 'Peer-to-peer');
    expect(fakes.services.api.rooms.updateSettings).toHaveBeenCalledWith('room123', { tier: 'p2p' });
    await waitFor(() => expect(select.value).toBe('p2p'));
    vi.mocked(fakes.services.api.rooms.updateSettings).mockRejectedValueOnce(apiError(500, 'internal', 'boom'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await fakes.user.selectOptions(select, 'Server relay');
    await waitFor(() => expect(select.value).toBe('p2p'));
    await waitFor(() => expect(select.disabled).toBe(false));
  });

  it('starts and stops the screen share, with the preview placeholder while not sharing', async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);

    expect(screen.getByText('Your screen will appear here when sharing')).toBeTruthy();
    await fakes.user.click(screen.getByRole('button', { name: 'Start Screen Share' }));
    expect(room.startScreenShare).toHaveBeenCalled();
    expect(await screen.findByTestId('host-preview')).toBeTruthy();
    expect(screen.queryByText('Your screen will appear here when sharing')).toBeNull();

    await fakes.user.click(screen.getByRole('button', { name: 'Stop Screen Share' }));
    expect(room.stopScreenShare).toHaveBeenCalled();
    expect(await screen.findByText('Your screen will appear here when sharing')).toBeTruthy();
  });

  it('alerts when the screen share cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);
    room.startScreenShare.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await fakes.user.click(screen.getByRole('button', { name: 'Start Screen Share' }));
    await waitFor(() => expect(fakes.alert).toHaveBeenCalledWith('Failed to start screen share. Please try again.'));
    expect(screen.getByRole('button', { name: 'Start Screen Share' })).toBeTruthy();
  });

  it('sends chat with Enter or Send, trimmed, and never a blank message', async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);
    const input = screen.getByLabelText('Chat message');

    await fakes.user.type(input, '   {Enter}');
    expect(room.sendChat).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);

    await fakes.user.clear(input);
    await fakes.user.type(input, '  first take is up  {Enter}');
    expect(room.sendChat).toHaveBeenCalledWith('first take is up');
    expect(await screen.findByText('first take is up')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');

    await fakes.user.type(input, 'second');
    await fakes.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('second')).toBeTruthy();

    act(() =>
      room.update({
        chat: [
          ...room.getState().chat,
          { id: 99, from: 'g1', fromName: 'Guest User', message: 'sounds great', timestamp: 1, own: false },
        ],
      }),
    );
    expect(screen.getByText('sounds great')).toBeTruthy();
    expect(screen.getByText('Guest User')).toBeTruthy();
  });

  it("lists 'Participants (n/max)' with the 'Guest' and 'viewer' fallbacks", async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);
    expect(screen.getByRole('heading', { name: 'Participants (0/10)' })).toBeTruthy();
    act(() =>
      room.update({
        people: [
          { key: 'p1', peerId: 'p1', user_name: 'Bob Tester', role: 'participant' },
          { key: 'p2', peerId: 'p2', user_name: null, role: null },
        ],
      }),
    );
    const list = within(screen.getByRole('heading', { name: 'Participants (2/10)' }).parentElement!);
    expect(list.getByText('Bob Tester')).toBeTruthy();
    expect(list.getByText('participant')).toBeTruthy();
    expect(list.getByText('Guest')).toBeTruthy();
    expect(list.getByText('viewer')).toBeTruthy();
  });

  it("invites followed users by direct message with the join link: '✅ Invite sent!' or 'Failed to send invite'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fakes = setup();
    const bob = makeUser({ firebase_uid: 'bob', user_name: 'Bob Tester', user_username: 'bobby' });
    let resolveFollowing: (users: (typeof bob)[]) => void = () => {};
    vi.mocked(fakes.api.users.getMyFollowing).mockReturnValue(new Promise((resolve) => (resolveFollowing = resolve)));
    await openConnectedHostRoom(fakes);

    const panel = within(screen.getByRole('heading', { name: 'Invite Collaborators' }).parentElement!);
    expect(panel.getByText('Loading...')).toBeTruthy();
    act(() => resolveFollowing([bob]));
    await fakes.user.click(await panel.findByRole('button', { name: 'Invite Bob Tester' }));
    expect(fakes.api.messages.send).toHaveBeenCalledWith(
      'bob',
      expect.stringContaining(`${window.location.origin}/join-room/room123`),
    );
    await waitFor(() => expect(fakes.alert).toHaveBeenCalledWith('✅ Invite sent!'));

    vi.mocked(fakes.api.messages.send).mockRejectedValueOnce(apiError(500, 'internal', 'boom'));
    await fakes.user.click(panel.getByRole('button', { name: 'Invite Bob Tester' }));
    await waitFor(() => expect(fakes.alert).toHaveBeenCalledWith('Failed to send invite'));
  });

  it("says 'No followers to invite' when the host follows nobody", async () => {
    const fakes = setup();
    await openConnectedHostRoom(fakes);
    expect(await screen.findByText('No followers to invite')).toBeTruthy();
  });

  it("picks studio audio and shows its live bitrate with 'stereo' or 'mono'", async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);

    expect(screen.getByTestId('audio-stats').textContent).toBe('Program audio: not playing');
    expect((screen.getByLabelText('Audio bitrate') as HTMLSelectElement).value).toBe('256');
    await fakes.user.selectOptions(screen.getByLabelText('Program audio source'), 'capture');
    expect(room.setProgramAudio).toHaveBeenLastCalledWith({ kind: 'capture' } satisfies ProgramAudioSource, 256_000);
    await fakes.user.selectOptions(screen.getByLabelText('Audio bitrate'), '510');
    expect(room.setProgramAudio).toHaveBeenLastCalledWith({ kind: 'capture' }, 510_000);

    act(() => room.update({ audioStats: { kbps: 503, channels: 2 } }));
    expect(screen.getByTestId('audio-stats').textContent).toBe('Program audio: 503 kbps · stereo');
    act(() => room.update({ audioStats: { kbps: 64, channels: 1 } }));
    expect(screen.getByTestId('audio-stats').textContent).toBe('Program audio: 64 kbps · mono');

    // Relay guests and a browser that cannot encode for them: said, not silently skipped.
    expect(screen.queryByTestId('relay-audio-status')).toBeNull();
    act(() => room.update({ relayAudio: 'unsupported' }));
    expect(screen.getByTestId('relay-audio-status').textContent).toMatch(/will not hear program audio/);
    act(() => room.update({ relayAudio: 'live' }));
    expect(screen.queryByTestId('relay-audio-status')).toBeNull();
  });

  it('forwards the pointer over the preview as picture coordinates', async () => {
    const fakes = setup();
    const { room } = await openConnectedHostRoom(fakes);
    await fakes.user.click(screen.getByRole('button', { name: 'Start Screen Share' }));
    const video = (await screen.findByTestId('host-preview')) as HTMLVideoElement;
    vi.spyOn(video, 'getBoundingClientRect').mockReturnValue({ left: 0, top: 0, width: 800, height: 400 } as DOMRect);
    Object.defineProperty(video, 'videoWidth', { value: 800 });
    Object.defineProperty(video, 'videoHeight', { value: 400 });
    await fakes.user.pointer({ target: video, coords: { clientX: 200, clientY: 300 } });
    expect(room.moveCursor).toHaveBeenLastCalledWith(0.25, 0.75);
  });

  it('sends a signed-out visitor to /login', async () => {
    const { services } = fakeServices(null);
    const app = renderApp('/host-collaboration', services);
    await waitFor(() => expect(app.location()).toMatch(/^\/login\?from=%2Fhost-collaboration/));
  });
});
