import { AUDIO_CHUNKS_PER_MESSAGE, refuse } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { MediaRelay } from '../relay/media-relay.js';
import type { RelayTransport } from '../relay/room-relay.js';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import { roomChannel, type RealtimeServer, type RealtimeSocket } from './types.js';

const ROOM_CHANNEL_PREFIX = roomChannel('');
const noop = () => {};

/**
 * The relay tier over Socket.IO: a MediaRelay whose guests are sockets. A delivery is one emit
 * with an ack callback; the guest's ack frees its lane. A room's relay state goes when its
 * Socket.IO room empties, and a guest's lanes when it leaves.
 */
export function createSocketRelay(io: RealtimeServer): MediaRelay {
  const socketOf = (socketId: string) => {
    const socket = io.sockets.sockets.get(socketId);
    if (!socket?.connected) throw new Error(`socket ${socketId} is gone`);
    return socket;
  };
  const transport: RelayTransport = {
    sendFrame: (guestId, frame, done) => socketOf(guestId).emit('screen-frame', { frame }, done),
    sendAudio: (guestId, chunks, done) => {
      const socket = socketOf(guestId);
      // In order, a few chunks per message (see AUDIO_CHUNKS_PER_MESSAGE); the last ack frees the lane.
      for (let start = 0; start === 0 || start < chunks.length; start += AUDIO_CHUNKS_PER_MESSAGE) {
        const last = start + AUDIO_CHUNKS_PER_MESSAGE >= chunks.length;
        socket.emit(
          'audio-chunks',
          { chunks: chunks.slice(start, start + AUDIO_CHUNKS_PER_MESSAGE) },
          last ? done : noop,
        );
      }
    },
    // engine.io keeps packets in its (untyped, internal) writeBuffer while the transport is busy, and
    // the transport is not writable until the previous write left Node's buffers for the kernel.
    isBacklogged: (guestId) => {
      const connection = io.sockets.sockets.get(guestId)?.conn;
      if (!connection) return false;
      const waiting = (connection as unknown as { writeBuffer?: unknown[] }).writeBuffer?.length ?? 0;
      return waiting > 0 || !connection.transport.writable;
    },
  };
  const relay = new MediaRelay(transport);
  // A guest moved to the other rendition: the host must encode what the guests now want.
  relay.onDemandChange = (roomId) => announceRelayDemand(io, relay, roomId);
  const roomIdOf = (channel: string) =>
    channel.startsWith(ROOM_CHANNEL_PREFIX) ? channel.slice(ROOM_CHANNEL_PREFIX.length) : null;
  const adapter = io.of('/').adapter;
  adapter.on('join-room', (channel: string, socketId: string) => {
    // A host that (re)joins learns at once whether anyone waits for frames.
    const roomId = roomIdOf(channel);
    // On an edge node the origin tells the host (it is on the origin), so this stays quiet there.
    const demand = roomId && !relay.cascade?.isEdge(roomId) ? relay.demand(roomId) : null;
    if (demand && demand.guests > 0) io.sockets.sockets.get(socketId)?.emit('relay:demand', demand);
  });
  adapter.on('leave-room', (channel: string, socketId: string) => {
    const roomId = roomIdOf(channel);
    if (!roomId) return;
    if (relay.removeGuest(roomId, socketId).changed) announceRelayDemand(io, relay, roomId);
  });
  adapter.on('delete-room', (channel: string) => {
    const roomId = roomIdOf(channel);
    if (roomId) relay.closeRoom(roomId);
  });
  return relay;
}

/**
 * The room's relay demand changed: every member hears the counts (the host encodes each rendition
 * only while some guest wants it). On an edge node of a cascaded room the counts go to the origin
 * instead, which adds them to its own and tells the room (scale/cascade).
 */
export function announceRelayDemand(io: RealtimeServer, relay: MediaRelay, roomId: string): void {
  if (relay.cascade?.isEdge(roomId)) return relay.cascade.reportDemand(roomId, relay.localDemand(roomId));
  io.to(roomChannel(roomId)).emit('relay:demand', relay.demand(roomId));
}

/** relay:subscribe (any member), and screen-frame and audio-chunk (host only), forwarded to the subscribers. */
export function handleRoomRelay(socket: RealtimeSocket, hub: RoomHub, relay: MediaRelay, logger: Logger): void {
  /** The room the payload names, else the socket's room; the sender must be its host. */
  const hostRoom = (roomId: string | undefined, action: string) => {
    const room = roomId ?? socket.data.roomId;
    if (!room) throw refuse('room/not-joined', 'Join the room first.');
    hub.hostMembership(socket, room, action);
    return room;
  };
  /** Every other socket in the room (participants, viewers, any other tab of the host); the relay keeps its subscribers. */
  const guestsOf = (roomId: string) =>
    [...(socket.nsp.adapter.rooms.get(roomChannel(roomId)) ?? [])].filter((id) => id !== socket.id);

  onRoomEvent(socket, 'relay:subscribe', logger, ({ roomId, subscribe }) => {
    hub.membership(socket, roomId);
    const { demand, changed } = relay.subscribe(roomId, socket.id, subscribe);
    if (changed) announceRelayDemand(socket.nsp.server, relay, roomId);
    return demand;
  });

  onRoomEvent(socket, 'screen-frame', logger, ({ roomId, frame, rendition }) => {
    const room = hostRoom(roomId, 'share the screen');
    return { guests: relay.publishFrame(room, frame, guestsOf(room), rendition) };
  });

  onRoomEvent(socket, 'audio-chunk', logger, ({ roomId, data, timestamp, duration }) => {
    const room = hostRoom(roomId, 'send program audio');
    const chunk = duration === undefined ? { data, timestamp } : { data, timestamp, duration };
    return { guests: relay.publishAudio(room, chunk, guestsOf(room)) };
  });
}
