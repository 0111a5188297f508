import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BrowserFeatures } from '../../services/media/browserSupport';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

const RELAY_WARNING = 'Using server relay mode (lower quality)...';
/** The top status banner's text (the toasts have a status region of their own). */
const bannerText = () => document.querySelector('.room-banner[role="status"]')?.textContent ?? null;

async function openGuest(browser: Partial<BrowserFeatures> = {}) {
  const fakes = fakeServices(null, browser);
  renderApp('/join-collaboration/r1', fakes.services);
  await screen.findByRole('heading', { name: 'Late Night Session' });
  const room = await waitFor(() => fakes.rooms.latest());
  act(() => room.connectAs({ peerId: 'peer-42', user_name: 'Guest User', role: 'viewer' }));
  await waitFor(() => expect(bannerText()).toBe('Connected (High Performance)'));
  return { ...fakes, room, user: userEvent.setup() };
}

async function openHost(browser: Partial<BrowserFeatures> = {}) {
  const fakes = fakeServices(ALICE, browser);
  renderApp('/host-collaboration', fakes.services);
  await screen.findByRole('heading', { name: "Alice Tester's Room" });
  const room = await waitFor(() => fakes.rooms.latest());
  act(() => room.connectAs({ peerId: 'host-peer', user_name: 'Alice Tester', role: 'host' }));
  await screen.findByText('Connected (High Performance)');
  return { ...fakes, room, user: userEvent.setup() };
}

describe('the relay warning (spec part 2)', () => {
  it('is its own guest element: host states take the banner, and the warning stays', async () => {
    const { room } = await openGuest();
    act(() => room.update({ status: 'connected-fallback', tier: 'relay' }));
    const warning = await screen.findByText(RELAY_WARNING);
    expect(warning.dataset.tone).toBe('fallback');
    expect(bannerText()).toBe('Connected (Cloud Backup)');
    for (const [presence, text] of [
      ['waiting', 'Waiting for host...'],
      ['disconnected', 'Host has disconnected'],
      ['left', 'Host has left the room'],
    ] as const) {
      act(() => room.update({ hostPresence: presence }));
      await waitFor(() => expect(bannerText()).toBe(text));
      expect(screen.getByTestId('relay-warning').textContent).toBe(RELAY_WARNING);
    }
    // Off the relay, the warning goes.
    act(() => room.update({ status: 'connected', tier: 'sfu', hostPresence: 'online' }));
    await waitFor(() => expect(screen.queryByText(RELAY_WARNING)).toBeNull());
  });
});

describe('a connection that gave up', () => {
  it("offers Retry on 'Unable to connect. Please try again.': a new connection to the same room", async () => {
    const { room, rooms, user } = await openGuest();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    act(() => room.update({ status: 'error', error: 'Unable to connect. Please try again.' }));
    await waitFor(() => expect(bannerText()).toBe('Unable to connect. Please try again.'));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rooms.connections).toHaveLength(2));
    expect(room.close).toHaveBeenCalled();
    expect(rooms.latest().options).toMatchObject({ roomId: 'r1', role: 'guest' });
    act(() => rooms.latest().connectAs({ peerId: 'peer-43', user_name: 'Guest User', role: 'viewer' }));
    await waitFor(() => expect(bannerText()).toBe('Connected (High Performance)'));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('the host gets Retry too, and the spec texts show as they are', async () => {
    const { room, rooms, user } = await openHost();
    for (const text of ['Connection timeout', 'Fallback connection timeout', 'Failed to initialize connection']) {
      act(() => room.update({ status: 'error', error: text }));
      await waitFor(() => expect(bannerText()).toBe(text));
    }
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rooms.connections).toHaveLength(2));
    expect(rooms.latest().options).toMatchObject({ roomId: 'room123', role: 'host' });
  });

  it("says 'Failed to initialize connection' when the connection cannot even be opened", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fakes = fakeServices(null);
    vi.mocked(fakes.services.connectRoom.guest).mockImplementationOnce(() => {
      throw new Error('no socket');
    });
    renderApp('/join-collaboration/r1', fakes.services);
    await screen.findByRole('heading', { name: 'Late Night Session' });
    await waitFor(() => expect(bannerText()).toBe('Failed to initialize connection'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fakes.rooms.connections).toHaveLength(1));
  });
});

describe('a browser that lacks what the room needs', () => {
  it('a host without getDisplayMedia or WebCodecs audio hears it before trying, and cannot start sharing', async () => {
    await openHost({ screenCapture: false, relayAudioEncode: false });
    const notice = screen.getByRole('alert', { name: 'Browser support' });
    expect(notice.textContent).toContain('No screen sharing: this browser cannot share your screen.');
    expect(notice.textContent).toContain('No WebCodecs audio: guests in relay mode will not hear program audio.');
    expect(screen.getByRole('button', { name: 'Start Screen Share' }).hasAttribute('disabled')).toBe(true);
  });

  it('a Firefox host (WebCodecs audio, no MediaStreamTrackProcessor) hears what is really missing', async () => {
    await openHost({ trackProcessor: false });
    const notice = screen.getByRole('alert', { name: 'Browser support' });
    expect(notice.textContent).toContain(
      'No MediaStreamTrackProcessor: this browser cannot read your program audio, so guests in relay mode will not hear it.',
    );
    expect(notice.textContent).not.toContain('No WebCodecs audio');
  });

  it('a guest without WebRTC hears it watches over the relay, and about its audio', async () => {
    await openGuest({ webrtc: false, relayAudioDecode: false });
    const notice = screen.getByRole('alert', { name: 'Browser support' });
    expect(notice.textContent).toContain('No WebRTC: you can only watch over the server relay (lower quality).');
    expect(notice.textContent).toContain('No WebCodecs audio: this browser cannot play program audio in relay mode.');
  });

  it('says nothing in a browser that has it all', async () => {
    await openHost();
    expect(screen.queryByRole('alert', { name: 'Browser support' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Screen Share' }).hasAttribute('disabled')).toBe(false);
  });
});
