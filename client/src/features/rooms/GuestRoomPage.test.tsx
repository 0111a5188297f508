import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SERVER_DRAINING_MESSAGE, type RoomView } from '@riffroom/protocol';
import { ALICE, apiError, fakeServices } from '../../testing/fakeServices';
import { lateNightRoom } from '../../testing/roomFixtures';
import { renderApp } from '../../testing/renderApp';

async function openGuestRoom(signedIn: boolean, path = '/join-collaboration/r1') {
  const user = userEvent.setup();
  const fakes = fakeServices(signedIn ? ALICE : null);
  const app = renderApp(path, fakes.services);
  await screen.findByRole('heading', { name: 'Late Night Session' });
  const room = await waitFor(() => fakes.rooms.latest());
  act(() => room.connectAs({ peerId: 'peer-42', user_name: 'Guest User', role: 'viewer' }));
  await screen.findByText('Connected (High Performance)');
  return { user, app, room, ...fakes };
}

describe('Guest room screen', () => {
  it('shows a calm note under the banner while the server drains, and the room stays connected', async () => {
    const { room } = await openGuestRoom(false);
    expect(screen.queryByTestId('server-draining')).toBeNull();
    act(() => room.update({ draining: true }));
    const note = await screen.findByTestId('server-draining');
    expect(note.textContent).toBe(SERVER_DRAINING_MESSAGE);
    expect(screen.getByText('Connected (High Performance)').getAttribute('data-tone')).toBe('connected');
  });

  it("shows 'You were removed from this room' once the host removes this guest", async () => {
    const { room, user, app } = await openGuestRoom(false);
    act(() => room.update({ removed: true }));
    expect((await screen.findByRole('alert')).textContent).toBe('You were removed from this room');
    expect(screen.queryByText('Connected (High Performance)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('in relay mode shows the 1280x720 canvas instead of the video, with the orange relay warning', async () => {
    const { room } = await openGuestRoom(false, '/join-collaboration/r1?tier=relay');
    expect(room.options.tier).toBe('relay');
    expect(screen.getByTestId('remote-screen')).toBeTruthy();
    act(() => room.update({ status: 'connected-fallback', tier: 'relay' }));
    const banner = await screen.findByText('Using server relay mode (lower quality)...');
    expect(banner.getAttribute('data-tone')).toBe('fallback');
    const canvas = screen.getByTestId('relay-canvas') as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([1280, 720]);
    expect(screen.queryByTestId('remote-screen')).toBeNull();
    expect(room.attachRelayCanvas).toHaveBeenLastCalledWith(canvas);
    expect(screen.getByText('Waiting for host to share screen...')).toBeTruthy();
    act(() => room.update({ relayLive: true }));
    await waitFor(() => expect(screen.queryByText('Waiting for host to share screen...')).toBeNull());
  });

  it('uses relayed ICE only with ?ice=relay (the TURN check), and any ICE otherwise', async () => {
    const relayed = await openGuestRoom(false, '/join-collaboration/r1?ice=relay');
    expect(relayed.room.options.icePolicy).toBe('relay');
    relayed.app.unmount();
    const plain = await openGuestRoom(false, '/join-collaboration/r1?ice=turn');
    expect(plain.room.options.icePolicy).toBeUndefined();
  });

  it('lets the connection choose the tier when the link names none (or an unknown one)', async () => {
    const { room } = await openGuestRoom(false, '/join-collaboration/r1?tier=carrier-pigeon');
    expect(room.options.tier).toBeUndefined();
  });

  it("shows 'Joining room...', then the heading with room name, host, room ID and own peer ID", async () => {
    const fakes = fakeServices(null);
    let resolveRoom: (room: RoomView) => void = () => {};
    vi.mocked(fakes.api.rooms.get).mockReturnValue(new Promise((resolve) => (resolveRoom = resolve)));
    renderApp('/join-collaboration/r1', fakes.services);

    expect(await screen.findByText('Joining room...')).toBeTruthy();
    act(() => resolveRoom(lateNightRoom()));
    expect(await screen.findByRole('heading', { name: 'Late Night Session' })).toBeTruthy();
    expect(screen.getByText(/Host: Hana Host/)).toBeTruthy();
    expect(screen.getByText('r1')).toBeTruthy();
    // Before the server answers, the generated guest id stands in; then the server's peer id.
    expect(screen.getByTestId('own-peer-id').textContent).toMatch(/^guest-[a-z0-9]{9}$/);
    const room = await waitFor(() => fakes.rooms.latest());
    act(() => room.connectAs({ peerId: 'peer-42', user_name: 'Guest User', role: 'viewer' }));
    await waitFor(() => expect(screen.getByTestId('own-peer-id').textContent).toBe('peer-42'));
  });

  it("shows 'Unable to Join Room' with 'Room not found or has ended' and Back to Home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const fakes = fakeServices(null);
    vi.mocked(fakes.api.rooms.get).mockRejectedValue(apiError(404, 'room/not-found', 'Room not found'));
    const app = renderApp('/join-collaboration/gone123', fakes.services);

    expect(await screen.findByRole('heading', { name: 'Unable to Join Room' })).toBeTruthy();
    expect(screen.getByText('Room not found or has ended')).toBeTruthy();
    // The connection opened alongside the room's loading is closed once the room is not found.
    await waitFor(() => expect(fakes.rooms.connections.every((connection) => connection.closed)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it("shows a private room's refusal instead of 'Room not found or has ended'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fakes = fakeServices(null);
    const refusal = 'This room is private. Only people the host invited can join.';
    vi.mocked(fakes.api.rooms.get).mockRejectedValue(apiError(403, 'room/private', refusal));
    renderApp('/join-collaboration/secret1', fakes.services);

    expect(await screen.findByRole('heading', { name: 'Unable to Join Room' })).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
  });

  it('shows the refusal when the socket join is refused (a full room)', async () => {
    const { room } = await openGuestRoom(false);
    act(() => room.update({ status: 'error', joinRefused: 'This room is full.' }));
    expect(await screen.findByRole('heading', { name: 'Unable to Join Room' })).toBeTruthy();
    expect(screen.getByText('This room is full.')).toBeTruthy();
  });

  it('anonymous guests: no join call, no token, Guest User, and Login for Full Features with the return path', async () => {
    const { api, room, user, app } = await openGuestRoom(false, '/join-collaboration/r1');
    expect(api.rooms.join).not.toHaveBeenCalled();
    expect(room.options).toMatchObject({ roomId: 'r1', role: 'guest', token: null });
    expect(screen.getByText('Watching as Guest User (@guest)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Login for Full Features' }));
    await waitFor(() => expect(app.location()).toBe('/login?from=%2Fjoin-collaboration%2Fr1'));
  });

  it('signed-in guests: the join call as viewer, the token on the socket, and no login button', async () => {
    const { api, room } = await openGuestRoom(true);
    expect(api.rooms.join).toHaveBeenCalledWith('r1', 'viewer');
    expect(room.options).toMatchObject({ roomId: 'r1', role: 'guest', token: 'fake-token' });
    expect(screen.queryByRole('button', { name: 'Login for Full Features' })).toBeNull();
  });

  it('joins the room named by ?target= (the Join a Session code)', async () => {
    const fakes = fakeServices(ALICE);
    renderApp('/join-collaboration/rand0m1?target=abc1234', fakes.services);
    await screen.findByRole('heading', { name: 'Late Night Session' });
    expect(fakes.api.rooms.get).toHaveBeenCalledWith('abc1234');
    expect((await waitFor(() => fakes.rooms.latest())).options.roomId).toBe('abc1234');
  });

  it("overlays 'Waiting for host to share screen...' until video arrives, then shows a red dot at the host's cursor", async () => {
    const { room } = await openGuestRoom(false);
    expect(screen.getByText('Waiting for host to share screen...')).toBeTruthy();
    const video = screen.getByTestId('remote-screen') as HTMLVideoElement;
    expect(video.className).toContain('room-stage__video');
    // happy-dom lays nothing out: give the element and the picture a size (a 2:1 picture, letterboxed).
    for (const [key, value] of Object.entries({
      clientWidth: 800,
      clientHeight: 400,
      videoWidth: 1280,
      videoHeight: 720,
    })) {
      Object.defineProperty(video, key, { value, configurable: true });
    }

    act(() => room.update({ remoteVideo: new MediaStream(), cursor: { x: 0.5, y: 0.25 } }));
    await waitFor(() => expect(screen.queryByText('Waiting for host to share screen...')).toBeNull());
    expect(video.srcObject).toBe(room.getState().remoteVideo);
    const dot = screen.getByTestId('host-cursor');
    expect(dot.className).toBe('room-cursor');
    // 1280x720 in 800x400 is 711x400, centred: 44.4px of black each side.
    expect(parseFloat(dot.style.left)).toBeCloseTo(400, 0);
    expect(parseFloat(dot.style.top)).toBeCloseTo(100, 0);
    act(() => room.update({ cursor: { x: 0.9, y: 0.25 } }));
    await waitFor(() =>
      expect(parseFloat(screen.getByTestId('host-cursor').style.left)).toBeCloseTo(44.44 + 0.9 * 711.11, 0),
    );
  });

  it("shows the host warnings in an orange banner: 'Waiting for host...', 'Host has disconnected', 'Host has left the room'", async () => {
    const { room } = await openGuestRoom(false);
    for (const [presence, text] of [
      ['waiting', 'Waiting for host...'],
      ['disconnected', 'Host has disconnected'],
      ['left', 'Host has left the room'],
    ] as const) {
      act(() => room.update({ hostPresence: presence }));
      const banner = await screen.findByText(text);
      expect(banner.dataset.tone).toBe('fallback');
    }
    act(() => room.update({ hostPresence: 'online' }));
    expect((await screen.findByText('Connected (High Performance)')).dataset.tone).toBe('connected');
  });

  it('chats with Enter', async () => {
    const { room, user } = await openGuestRoom(false);
    await user.type(screen.getByLabelText('Chat message'), 'hello host{Enter}');
    expect(room.sendChat).toHaveBeenCalledWith('hello host');
    expect(await screen.findByText('hello host')).toBeTruthy();
  });

  it("shows the received screen's size, frame rate and SFU layer, the layer on a data attribute too", async () => {
    const { room } = await openGuestRoom(false);
    const line = screen.getByTestId('video-quality');
    expect(line.textContent).toBe('Video: not playing');
    const layers = { consumerId: 'c', spatialLayer: 0, temporalLayer: 2, spatialLayers: 3, temporalLayers: 3 };
    act(() => room.update({ videoQuality: { width: 320, height: 180, fps: 29, layers } }));
    await waitFor(() => expect(line.textContent).toBe('Video: 320×180 · 29 fps · layer 1/3'));
    expect(line.dataset.spatialLayer).toBe('0');
    expect(line.dataset.temporalLayer).toBe('2');
  });

  it("shows program audio's live bitrate and channels", async () => {
    const { room } = await openGuestRoom(false);
    expect(screen.getByTestId('audio-stats').textContent).toBe('Program audio: not playing');
    act(() => room.update({ remoteAudio: new MediaStream(), audioStats: { kbps: 255, channels: 2 } }));
    await waitFor(() => expect(screen.getByTestId('audio-stats').textContent).toBe('Program audio: 255 kbps · stereo'));
    expect((screen.getByTestId('program-audio') as HTMLAudioElement).srcObject).toBe(room.getState().remoteAudio);
  });

  it("offers 'Play program audio' when the browser refuses to start sound without a click", async () => {
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValueOnce(new DOMException('needs a gesture', 'NotAllowedError'))
      .mockResolvedValue(undefined);
    const { room, user } = await openGuestRoom(false);
    act(() => room.update({ remoteAudio: new MediaStream() }));
    await user.click(await screen.findByRole('button', { name: 'Play program audio' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Play program audio' })).toBeNull());
    expect(play).toHaveBeenCalledTimes(2);
  });

  it("plays relayed program audio through the same element and 'Play program audio' button", async () => {
    const play = vi
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValueOnce(new DOMException('needs a gesture', 'NotAllowedError'))
      .mockResolvedValue(undefined);
    const { room, user } = await openGuestRoom(false);
    const relayed = new MediaStream();
    act(() => room.update({ status: 'connected-fallback', tier: 'relay', remoteAudio: relayed, relayAudio: 'live' }));
    expect(screen.getByTestId('relay-canvas')).toBeTruthy();
    expect((screen.getByTestId('program-audio') as HTMLAudioElement).srcObject).toBe(relayed);
    await user.click(await screen.findByRole('button', { name: 'Play program audio' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Play program audio' })).toBeNull());
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('relay-audio-unsupported')).toBeNull();
    act(() => room.update({ relayAudio: 'unsupported' }));
    expect(screen.getByTestId('relay-audio-unsupported').textContent).toBe(
      'This browser cannot play program audio in relay mode.',
    );
  });

  it('leaves the room: the socket leaves, the leave call is made when signed in, then home', async () => {
    const { room, user, app, api } = await openGuestRoom(true);
    await user.click(screen.getByRole('button', { name: 'Leave Room' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(room.leave).toHaveBeenCalled();
    expect(api.rooms.leave).toHaveBeenCalledWith('r1');
  });

  it('shows the end state when the host ends the session', async () => {
    const { room } = await openGuestRoom(false);
    act(() => room.update({ ended: true }));
    expect(await screen.findByRole('heading', { name: 'Session ended' })).toBeTruthy();
    expect(screen.getByText('The host has ended this session.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeTruthy();
  });
});
