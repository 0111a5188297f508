import { ROOM_DEFAULT_SETTINGS, type RoomControls, type RoomControlsPayload, type RoomRole } from '@riffroom/protocol';
import { vi } from 'vitest';
import type {
  GuestRoomConnection,
  GuestRoomConnectionOptions,
  HostRoomConnection,
  HostRoomConnectionOptions,
  RoomConnectors,
} from '../services/media/roomConnection';
import { initialRoomState, type RoomState } from '../services/media/roomState';
import { Store } from '../services/media/store';
import { DEFAULT_AUDIO_BITRATE } from '../services/media/sfuTier';

/** What a screen opened the connection with, and as whom (`connectRoom.host` or `.guest`). */
export type FakeRoomOptions = (HostRoomConnectionOptions | GuestRoomConnectionOptions) & {
  role: 'host' | 'guest';
  tier?: GuestRoomConnectionOptions['tier'];
};

/**
 * A room connection in memory, for either role: screens render from its state, and tests move the
 * state the way the socket and the SFU would (`act(() => room.update({...}))`).
 */
export class FakeRoomConnection implements HostRoomConnection, GuestRoomConnection {
  private readonly store = new Store<RoomState>(initialRoomState(DEFAULT_AUDIO_BITRATE));
  closed = false;

  constructor(readonly options: FakeRoomOptions) {}

  getState = () => this.store.get();
  subscribe = (listener: () => void) => this.store.subscribe(listener);

  update(patch: Partial<RoomState>): void {
    this.store.set(patch);
  }

  /** As the server would: join acknowledged, media up. */
  connectAs(self: { peerId: string; user_name: string; role: RoomRole; firebase_uid?: string | null }): void {
    this.store.set({ status: 'connected', self: { firebase_uid: null, ...self } });
  }

  sendChat = vi.fn(async (text: string) => {
    const message = text.trim();
    if (!message) return false;
    const self = this.store.get().self;
    this.store.set((state) => ({
      chat: [
        ...state.chat,
        {
          id: state.chat.length + 1,
          from: self?.peerId ?? 'me',
          fromName: self?.user_name ?? 'Me',
          message,
          timestamp: Date.now(),
          own: true,
        },
      ],
    }));
    return true;
  });

  moveCursor = vi.fn((_x: number, _y: number) => {});

  startScreenShare = vi.fn(async () => {
    this.store.set({ sharing: true, preview: new MediaStream() });
  });

  stopScreenShare = vi.fn(async () => {
    this.store.set({ sharing: false, preview: null });
  });

  setProgramAudio = vi.fn(async (source: RoomState['programAudio']['source'], bitrate: number) => {
    this.store.set((state) => ({ programAudio: { ...state.programAudio, source, bitrate } }));
  });

  startRecording = vi.fn(async () => {
    this.store.set({ recording: { recordingId: 'rec-fake-0001', startedAt: new Date().toISOString() } });
  });

  stopRecording = vi.fn(async () => {
    this.store.set({ recording: null });
  });

  /** What room:controls answered last: the defaults, then each change applied. */
  controls: RoomControls = { settings: { ...ROOM_DEFAULT_SETTINGS }, locked: false, allowGuestTalkback: false };

  setControls = vi.fn(async ({ locked, allowGuestTalkback, ...settings }: Omit<RoomControlsPayload, 'roomId'>) => {
    this.controls = {
      settings: { ...this.controls.settings, ...settings },
      locked: locked ?? this.controls.locked,
      allowGuestTalkback: allowGuestTalkback ?? this.controls.allowGuestTalkback,
    };
    return this.controls;
  });

  removeParticipant = vi.fn(async (_peerId: string) => {});

  attachRelayCanvas = vi.fn((_canvas: HTMLCanvasElement | null) => {});

  leave = vi.fn(async () => this.close());

  leaveAndClose = vi.fn(() => this.close());

  close = vi.fn(() => {
    this.closed = true;
  });
}

/** Records every connection a screen opens; `latest()` is the one on screen. */
export function fakeRoomConnector() {
  const connections: FakeRoomConnection[] = [];
  const open = (options: FakeRoomOptions) => {
    const connection = new FakeRoomConnection(options);
    connections.push(connection);
    return connection;
  };
  const connectRoom = {
    host: vi.fn((options: HostRoomConnectionOptions) => open({ ...options, role: 'host' })),
    guest: vi.fn((options: GuestRoomConnectionOptions) => open({ ...options, role: 'guest' })),
  } satisfies RoomConnectors;
  return {
    connectRoom,
    connections,
    latest(): FakeRoomConnection {
      const connection = connections.at(-1);
      if (!connection) throw new Error('no room connection was opened');
      return connection;
    },
  };
}
