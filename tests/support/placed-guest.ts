import type { RoomEvents } from '../../client/src/services/media/roomProtocol.js';
import { connectRoomSocket } from '../../client/src/services/media/roomSocket.js';
import { SfuReceiver } from '../../client/src/services/media/sfuReceiver.js';
import { wrtc } from '../../bench/lib/wrtc-globals.js';

// mediasoup-client picks its handler from the user agent, which Node lacks: a Chrome one gives the
// client's own `new Device()` the Chrome111 handler, the one @roamhq/wrtc's libwebrtc speaks.
if (typeof globalThis.navigator?.userAgent !== 'string') {
  Object.defineProperty(globalThis, 'navigator', {
    value: {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    },
    configurable: true,
  });
}

export interface PlacedGuest {
  /** The node it is connected to now (the room API's last answer). */
  nodeUrl(): string | null;
  /** Every room event it heard, by name. */
  heard: Map<string, unknown[]>;
  /** Frames of the host's screen decoded on tracks shown at or after `since` (ms since the epoch). */
  framesOnTracksSince(since: number): number;
  /** Arrival times of every decoded screen frame, in order. */
  frameTimes: number[];
  request: ReturnType<typeof connectRoomSocket>['request'];
  close(): void;
}

const HEARD = ['room-update', 'chat', 'room-ended', 'host-left', 'sfu:producer-closed'] as const;

/**
 * A guest in Node that follows the browser guest's own rules, with the client's own parts: the room
 * socket placed by `locate` (GET /api/rooms/{id}/node) and placed again when its node is lost, and
 * the SFU receiver. As LiveRoomConnection and GuestTierChooser do: join-room, then `start()` the
 * receiver (a fresh device and transport, consuming every producer listed); on every reconnection
 * join again and start again; a new producer is consumed, a closed one dropped; a failed transport
 * starts again. Each screen track it is shown is decoded by libwebrtc into a video sink.
 */
export async function placedGuest(roomId: string, locate: () => Promise<string | null>): Promise<PlacedGuest> {
  const socket = connectRoomSocket({ token: null, locate });
  const heard = new Map<string, unknown[]>();
  for (const event of HEARD) {
    socket.on(
      event as keyof RoomEvents,
      ((payload: unknown) => heard.set(event, [...(heard.get(event) ?? []), payload])) as RoomEvents[keyof RoomEvents],
    );
  }
  const frameTimes: number[] = [];
  const tracks: Array<{ shownAt: number; frames: number; stop(): void }> = [];
  let closed = false;
  const sfu = new SfuReceiver(socket, roomId, {
    onTrack: (source, track) => {
      if (source !== 'screen') return;
      const sink = new wrtc.nonstandard.RTCVideoSink(
        track as unknown as ConstructorParameters<typeof wrtc.nonstandard.RTCVideoSink>[0],
      );
      const shown = { shownAt: Date.now(), frames: 0, stop: () => sink.stop() };
      sink.onframe = () => {
        shown.frames += 1;
        frameTimes.push(Date.now());
      };
      tracks.push(shown);
    },
    onTrackEnded: () => {},
    onTransportFailed: () => void connect(),
  });
  async function connect(): Promise<void> {
    if (closed) return;
    try {
      await socket.request('join-room', { roomId });
      await sfu.start();
    } catch {
      // The browser's tier chooser retries on the next reconnection or transport failure alike.
    }
  }
  socket.on('sfu:new-producer', (producer) => void sfu.consume(producer).catch(() => connect()));
  socket.on('sfu:producer-closed', ({ producerId }) => sfu.producerClosed(producerId));
  await socket.connected();
  await socket.request('join-room', { roomId });
  await sfu.start();
  socket.onConnectionChange((up) => {
    if (up) void connect();
  });
  return {
    nodeUrl: () => socket.nodeUrl?.() ?? null,
    heard,
    frameTimes,
    framesOnTracksSince: (since) =>
      tracks.filter((track) => track.shownAt >= since).reduce((sum, track) => sum + track.frames, 0),
    request: (event, payload) => socket.request(event, payload),
    close() {
      closed = true;
      tracks.forEach((track) => track.stop());
      sfu.close();
      socket.close();
    },
  };
}
