import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';
import { pageNeedsHttps } from './httpsNeeded';

const HOST_MESSAGE =
  /This room needs HTTPS\..*"Putting it on the internet" in the Riffroom README's guides \(docs\/internet\.md\)/;
const GUEST_MESSAGE = /Relay audio and talkback need HTTPS\./;

/** happy-dom's own handle on its window: it moves the page to another address without navigating. */
const happyDom = () => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;

/** The page as a browser opened it: its address, and whether the browser counts it as secure. */
function openedAt(url: string, isSecureContext: boolean) {
  happyDom().setURL(url);
  vi.stubGlobal('isSecureContext', isSecureContext);
}

afterEach(() => happyDom().setURL('http://localhost:3000/'));

describe('which pages need HTTPS', () => {
  it('is a page on plain HTTP away from localhost', () => {
    expect(pageNeedsHttps({ isSecureContext: false, hostname: '192.168.1.20' })).toBe(true);
    expect(pageNeedsHttps({ isSecureContext: false, hostname: 'studio.lan' })).toBe(true);
    expect(pageNeedsHttps({ isSecureContext: true, hostname: 'studio.lan' })).toBe(false);
    expect(pageNeedsHttps({ isSecureContext: false, hostname: 'localhost' })).toBe(false);
    expect(pageNeedsHttps({ isSecureContext: false, hostname: '127.0.0.1' })).toBe(false);
  });
});

describe('the host room screen on plain HTTP', () => {
  it('says the room needs HTTPS and names the docs page before anything is tried', async () => {
    openedAt('http://studio.lan:8080/host-collaboration', false);
    const fakes = fakeServices(ALICE);
    renderApp('/host-collaboration', fakes.services);
    // Already while the room is being created: nothing has failed yet.
    expect((await screen.findByRole('alert')).textContent).toMatch(HOST_MESSAGE);
    expect(screen.getByRole('alert').textContent).toContain('http://studio.lan:8080');
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    const room = await waitFor(() => fakes.rooms.latest());
    expect(room.startScreenShare).not.toHaveBeenCalled();
    expect(screen.getByText(HOST_MESSAGE)).toBeTruthy();
  });

  it('blames the page, not the browser, for the screen capture and audio a plain-HTTP page lacks', async () => {
    openedAt('http://studio.lan:8080/host-collaboration', false);
    // What Chrome offers on a plain-HTTP page: no getDisplayMedia, no WebCodecs.
    const fakes = fakeServices(ALICE, { screenCapture: false, relayAudioEncode: false });
    renderApp('/host-collaboration', fakes.services);
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    expect(screen.getByText(HOST_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(/This browser lacks/)).toBeNull();
  });

  it('shows nothing of the kind over HTTPS', async () => {
    openedAt('https://studio.lan/host-collaboration', true);
    const fakes = fakeServices(ALICE);
    renderApp('/host-collaboration', fakes.services);
    await screen.findByRole('heading', { name: "Alice Tester's Room" });
    const room = await waitFor(() => fakes.rooms.latest());
    act(() => room.connectAs({ peerId: 'host-peer', user_name: 'Alice Tester', role: 'host' }));
    await screen.findByText('Connected (High Performance)');
    expect(screen.queryByText(HOST_MESSAGE)).toBeNull();
  });
});

describe('the guest room screen on plain HTTP', () => {
  it('warns that relay audio and talkback need HTTPS, and still shows the room', async () => {
    openedAt('http://192.168.1.20:8080/join-collaboration/r1', false);
    const fakes = fakeServices(null);
    renderApp('/join-collaboration/r1', fakes.services);
    await screen.findByRole('heading', { name: 'Late Night Session' });
    expect(screen.getByText(GUEST_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(HOST_MESSAGE)).toBeNull();
  });

  it('does not warn on localhost, which browsers count as secure', async () => {
    openedAt('http://localhost:3000/join-collaboration/r1', true);
    const fakes = fakeServices(null);
    renderApp('/join-collaboration/r1', fakes.services);
    await screen.findByRole('heading', { name: 'Late Night Session' });
    expect(screen.queryByText(GUEST_MESSAGE)).toBeNull();
  });
});
