import { MUTED_BY_HOST_MESSAGE, RELAY_NO_TALKBACK_MESSAGE, type TalkbackState } from '@riffroom/protocol';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { programGain, type TalkbackClient, type TalkbackView } from '../../services/media/talkback';
import { Store } from '../../services/media/store';
import { TalkbackPanel } from './TalkbackPanel';

/** A TalkbackClient as the panel uses it: its view, and the calls it makes (happy-dom has no WebRTC). */
function fakeTalkback(room: Partial<TalkbackState> = {}) {
  const store = new Store<TalkbackView>({
    room: { duckProgram: false, allowGuestTalkback: false, talkers: [], ...room },
    speaking: [],
    voices: {},
    micReady: false,
    transmitting: false,
    openMic: false,
    error: null,
  });
  const client = {
    getState: store.get,
    subscribe: store.subscribe,
    setTalking: vi.fn(async (held: boolean) => store.set({ transmitting: held })),
    setOpenMic: vi.fn(async () => {}),
    stopMic: vi.fn(async () => {}),
    mute: vi.fn(async () => {}),
    setLevel: vi.fn(async () => {}),
    setDucking: vi.fn(async () => {}),
  };
  return { client, store, talkback: client as unknown as TalkbackClient };
}

const bob = {
  peerId: 'bob-1',
  firebase_uid: 'uid-bob',
  displayName: 'Bob',
  producerId: 'p-bob',
  mutedByHost: false,
  level: 1,
};

describe('TalkbackPanel', () => {
  it('push-to-talk on the space bar, but not while typing in the chat', () => {
    const { client, talkback } = fakeTalkback();
    render(
      <>
        <input aria-label="Message" />
        <TalkbackPanel talkback={talkback} selfPeerId="me" signedIn isHost={false} onRelay={false} />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('Message'), { code: 'Space', key: ' ' });
    expect(client.setTalking).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { code: 'Space', key: ' ' });
    expect(client.setTalking).toHaveBeenLastCalledWith(true);
    fireEvent.keyUp(document.body, { code: 'Space', key: ' ' });
    expect(client.setTalking).toHaveBeenLastCalledWith(false);
  });

  it('holds to talk with the button, and says when the host muted us', () => {
    const { client, store, talkback } = fakeTalkback({ talkers: [{ ...bob, peerId: 'me' }] });
    render(<TalkbackPanel talkback={talkback} selfPeerId="me" signedIn isHost={false} onRelay={false} />);
    fireEvent.pointerDown(screen.getByTestId('talk-button'));
    expect(client.setTalking).toHaveBeenLastCalledWith(true);
    fireEvent.pointerUp(screen.getByTestId('talk-button'));
    expect(client.setTalking).toHaveBeenLastCalledWith(false);
    expect(screen.queryByText(MUTED_BY_HOST_MESSAGE)).toBeNull();
    act(() => store.set({ room: { ...store.get().room, talkers: [{ ...bob, peerId: 'me', mutedByHost: true }] } }));
    expect(screen.getByText(MUTED_BY_HOST_MESSAGE)).toBeTruthy();
  });

  it('gives a guest no Talk button until the host allows guests, and a relay guest a plain note', () => {
    const { store, talkback } = fakeTalkback();
    const { rerender } = render(
      <TalkbackPanel talkback={talkback} selfPeerId="g" signedIn={false} isHost={false} onRelay={false} />,
    );
    expect(screen.queryByTestId('talk-button')).toBeNull();
    act(() => store.set({ room: { ...store.get().room, allowGuestTalkback: true } }));
    expect(screen.getByTestId('talk-button')).toBeTruthy();
    rerender(<TalkbackPanel talkback={talkback} selfPeerId="g" signedIn={false} isHost={false} onRelay />);
    expect(screen.getByText(RELAY_NO_TALKBACK_MESSAGE)).toBeTruthy();
    expect(screen.queryByTestId('talk-button')).toBeNull();
  });

  it('gives the host mute, level and ducking; others get none of them', () => {
    const { client, talkback } = fakeTalkback({ talkers: [bob] });
    const { rerender } = render(
      <TalkbackPanel talkback={talkback} selfPeerId="host" signedIn isHost onRelay={false} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mute Bob' }));
    expect(client.mute).toHaveBeenCalledWith('bob-1', true);
    fireEvent.change(screen.getByLabelText('Level of Bob'), { target: { value: '0.5' } });
    expect(client.setLevel).toHaveBeenCalledWith('bob-1', 0.5);
    fireEvent.click(screen.getByLabelText('Dim program audio while someone talks'));
    expect(client.setDucking).toHaveBeenCalledWith(true);
    rerender(<TalkbackPanel talkback={talkback} selfPeerId="carol" signedIn isHost={false} onRelay={false} />);
    expect(screen.queryByRole('button', { name: 'Mute Bob' })).toBeNull();
    expect(screen.queryByLabelText('Dim program audio while someone talks')).toBeNull();
  });
});

describe('programGain (ducking at each listener)', () => {
  const view = (duckProgram: boolean, speaking: string[]) =>
    ({
      room: { duckProgram, allowGuestTalkback: false, talkers: [] },
      speaking: speaking.map((peerId) => ({ peerId, firebase_uid: null })),
    }) as unknown as TalkbackView;
  it('dims program audio only when the host asked and someone else speaks', () => {
    expect(programGain(view(false, ['bob']), 'me')).toBe(1);
    expect(programGain(view(true, []), 'me')).toBe(1);
    expect(programGain(view(true, ['me']), 'me')).toBe(1);
    expect(programGain(view(true, ['bob']), 'me')).toBeLessThan(1);
  });
});
