import { SERVER_DRAINING_MESSAGE, type JoinRoomResult, type RoomView, refuse } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { LiveRoom, Member } from '../rooms/live-room.js';
import type { HostSfuEvent } from '../rooms/host-sfu-presence.js';
import type { RoomStateStore } from '../rooms/state/room-state-store.js';
import { admit } from './room-admission.js';
import { RoomSeats } from './room-seats.js';
import { SocketRooms } from './socket-rooms.js';
import { publicMember, roomPeers } from './room-peers.js';
import type { SfuRooms } from '../sfu/sfu-rooms.js';
import type { MessageLimits } from './message-limits.js';
import type { RoomDirectory } from './room-directory.js';
import type { HubRecordings } from './room-recording.js';
import { hostOnlineAnywhere, sendRoomUpdate } from './room-census.js';
import { wireRoomMedia } from './room-media-events.js';
import type { GuestIdentities } from './guest-identity.js';
import { HostGrace } from './host-grace.js';
import { LiveRooms } from './live-rooms.js';
import { SerialQueues } from './serial-queues.js';
import { roomChannel, type RealtimeServer, type RealtimeSocket } from './types.js';

export interface RoomHubOptions {
  /** Sockets one person may have in one room (SOCKETS_PER_PERSON_PER_ROOM). */
  socketsPerPerson: number;
  /** Raised for a room's host (relay frames), small for everyone else. */
  messageLimits: MessageLimits;
  /** ROOM_HOST_GRACE_S in ms: a room whose host is gone this long ends. */
  hostGraceMs: number;
  /** Session recording (issue 17): a joiner is told of one running; it stops before the room's media closes. */
  recordings?: HubRecordings;
  /** Signs the guest token join-room hands an anonymous guest (guest-identity.ts). */
  guests: GuestIdentities;
  /** The room state every node reads alike (memory on one box, Redis scaled out). */
  state: RoomStateStore;
}

/**
 * Ties live rooms (membership rules), their media (SfuRooms) and the sockets together: it is the
 * one place that turns domain changes into the spec's room events.
 */
export class RoomHub {
  private rooms = new LiveRooms();
  private readonly socketRooms: SocketRooms;
  private queues = new SerialQueues();
  private seats: RoomSeats;
  private draining = false;
  private grace: HostGrace;

  constructor(
    private readonly io: RealtimeServer,
    private readonly directory: RoomDirectory,
    readonly media: SfuRooms,
    private readonly logger: Logger,
    private readonly options: RoomHubOptions,
  ) {
    this.socketRooms = new SocketRooms(io);
    this.seats = new RoomSeats(this.rooms, options.state, options.socketsPerPerson, logger);
    this.grace = new HostGrace(options.hostGraceMs, directory, (roomId) => this.hostGraceEnded(roomId), logger);
    media.on('created', (room) => wireRoomMedia(io, room, logger));
    media.localUse = (roomId) => this.rooms.has(roomId);
    media.on('rebuilt', (room, reason) => {
      this.io.to(roomChannel(room.roomId)).emit('sfu:reconnect', { reason });
    });
  }

  /** join-room. A socket's joins and leaves run one at a time (SerialQueues). */
  join(socket: RealtimeSocket, roomId: string): Promise<JoinRoomResult> {
    return this.queues.run(socket.id, () => this.joinNow(socket, roomId));
  }

  /** leave-room: refused unless the socket is in that room when its turn comes. */
  leaveRoom(socket: RealtimeSocket, roomId: string): Promise<void> {
    return this.queues.run(socket.id, async () => {
      this.membership(socket, roomId);
      await this.leaveNow(socket, roomId, 'left');
    });
  }

  /** The socket disconnected: it leaves every room it is in, after any join still in flight. */
  disconnected(socket: RealtimeSocket): Promise<void> {
    return this.queues.run(socket.id, async () => {
      for (const roomId of this.socketRooms.of(socket.id)) await this.leaveNow(socket, roomId, 'disconnected');
    });
  }

  /**
   * The server drains for a restart: every live room is told (server-draining) and carries on,
   * while join-room answers server/draining from now on to anyone new; a member coming back after a
   * blip or a reload gets back in.
   */
  drain(closesWithinSeconds: number): void {
    this.draining = true;
    for (const roomId of this.rooms.ids()) {
      this.io.to(roomChannel(roomId)).emit('server-draining', { closesWithinSeconds });
    }
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Resolves once no room is live (at once if none is). */
  whenIdle(): Promise<void> {
    return this.rooms.whenIdle();
  }

  /**
   * Takes up the host grace periods running (kept with the rooms): after a restart, a room whose
   * host never came back still ends when it was due. Resolves with how many there were.
   */
  resumeHostGraces(): Promise<number> {
    return this.grace.resume();
  }

  /** The live rooms now (metrics walk them at scrape time). */
  liveRooms(): IterableIterator<LiveRoom> {
    return this.rooms.values();
  }

  /** Whether the socket is a member of a room now (rtc-config hands out TURN credentials only then). */
  isInRoom(socket: RealtimeSocket): boolean {
    return this.socketRooms.isInAny(socket.id);
  }

  /**
   * Every await below may let the socket disconnect or the room end; the checks after each one make
   * sure such a socket is recorded nowhere (no member, no channel, no router kept alive for it).
   */
  private async joinNow(socket: RealtimeSocket, roomId: string): Promise<JoinRoomResult> {
    const uid = socket.data.uid;
    const key = uid ?? socket.data.guestId;
    const state = this.options.state;
    if (this.draining && !(this.rooms.has(roomId) && (await state.hasSeen(roomId, key)))) {
      throw refuse('server/draining', SERVER_DRAINING_MESSAGE);
    }
    // One room per socket: joining another leaves the current one first.
    for (const current of this.socketRooms.of(socket.id)) {
      if (current !== roomId) await this.leaveNow(socket, current, 'left');
    }
    const { record, identity, shared } = await admit(socket, roomId, this.directory, state, (found) =>
      this.assertStillJoinable(socket, roomId, found),
    );

    let live = this.seats.liveRoom(roomId, record);
    live.applyControls(shared);
    const existing = live.member(socket.id);
    let member: Member;
    if (existing) {
      member = existing; // A repeated join-room from the same socket answers the same state.
    } else {
      ({ live, member } = await this.seats.take(socket, live, identity, record.settings, () =>
        this.assertStillJoinable(socket, roomId, record),
      ));
      // From here to the records nothing awaits: what was checked is what gets recorded.
      this.socketRooms.remember(socket, roomId);
      socket.data.member = { ...publicMember(member), key: member.key, p2pPeerId: null };
      if (member.role === 'host') {
        this.options.messageLimits.asHost(socket);
        void this.grace.hostBack(roomId);
      }
      await socket.join(roomChannel(roomId));
      const others = socket.to(roomChannel(roomId));
      others.emit('peer-joined', publicMember(member));
      if (this.seats.wasFirstOfKey(socket.id)) others.emit('participant-joined', publicMember(member));
      await sendRoomUpdate(this.io, roomId, this.logger);
    }

    let sharing = false;
    try {
      const media = await this.media.get(roomId);
      // On an edge node the host's producers arrive through the pipe from the origin.
      await media.whenUpstreamListed();
      sharing = media.hasProducer('screen');
    } catch (error) {
      // Chat and presence still work without media; the SFU calls will say sfu/unavailable.
      this.logger.error({ err: error, roomId }, 'could not set up room media');
    }
    if (this.rooms.get(roomId) !== live) {
      // The room ended while its router was being built: nobody may keep that router alive.
      if (!this.rooms.has(roomId)) await this.media.close(roomId);
      throw refuse('room/not-found', 'Room not found or has ended');
    }
    return {
      room: record satisfies RoomView,
      self: publicMember(member),
      peers: await roomPeers(this.io, roomId, socket.id, live, this.logger),
      hostOnline: await hostOnlineAnywhere(this.io, roomId, live.hostOnline, this.logger),
      sharing,
      chat: await state.chatHistory(roomId),
      recording: this.options.recordings?.current(roomId) ?? (await state.recording(roomId)),
      controls: live.controls(),
      // A fresh token each join: a guest in the room for hours still comes back as itself.
      ...(uid === null ? { guestToken: this.options.guests.issue(socket.data.guestId) } : {}),
    };
  }

  private assertStillJoinable(
    socket: RealtimeSocket,
    roomId: string,
    record: RoomView | null,
  ): asserts record is RoomView {
    if (!socket.connected) throw refuse('room/not-joined', 'The connection closed while joining.');
    if (!record || this.rooms.hasEnded(roomId)) throw refuse('room/not-found', 'Room not found or has ended');
  }

  /**
   * Removes the socket from one room, telling the others; idempotent. A host whose socket dropped is
   * 'disconnected' (room-update says hostOnline false); 'host-left' is for a deliberate leave. Either
   * way the grace period starts.
   */
  private async leaveNow(socket: RealtimeSocket, roomId: string, how: 'left' | 'disconnected'): Promise<void> {
    this.socketRooms.forget(socket.id, roomId, socket);
    this.options.messageLimits.asMember(socket);
    const live = this.rooms.get(roomId);
    const removed = live?.remove(socket.id);
    await socket.leave(roomChannel(roomId));
    (await this.media.peek(roomId))?.removePeer(socket.id);
    if (!live || !removed) return;
    const lastOfKey = await this.seats.leave(roomId, removed.member.key, socket.id, removed.lastOfKey);
    const channel = this.io.to(roomChannel(roomId));
    channel.emit('user-left', { peerId: socket.id });
    if (lastOfKey) channel.emit('participant-left', publicMember(removed.member));
    if (removed.hostLeft) {
      if (how === 'left') channel.emit('host-left', {});
      await this.hostSfuChanged(roomId, 'left-room');
      void this.grace.hostGone(roomId);
    }
    await sendRoomUpdate(this.io, roomId, this.logger);
    if (live.isEmpty && this.rooms.get(roomId) === live) {
      // Nobody left to see it: free the router (unless edge nodes still pipe from it); the next join
      // builds a fresh one.
      this.rooms.delete(roomId);
      // The room's recording ends with its last member here, even while edges still pipe from it.
      await this.options.recordings?.stopIfRecording(roomId);
      if (!this.media.isHeld(roomId)) await this.media.close(roomId);
    }
  }

  /** The host's grace period ran out: its guests hear the host left; the room ends right after (HostGrace). */
  private hostGraceEnded(roomId: string): void {
    this.logger.info({ roomId }, 'room host gone past the grace period: ending the room');
    this.io.to(roomChannel(roomId)).emit('host-left', {});
  }

  /** The host ended the room: tell this node's members, close its media, then their sockets. */
  async end(roomId: string): Promise<void> {
    this.grace.cancel(roomId);
    this.rooms.markEnded(roomId);
    const live = this.rooms.get(roomId);
    this.rooms.delete(roomId);
    for (const { peerId } of live?.peers() ?? []) this.socketRooms.forget(peerId, roomId);
    await this.options.recordings?.stopIfRecording(roomId);
    await this.media.close(roomId);
    await this.options.state
      .forget(roomId)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'forget failed'));
    // Local: scaled out, every node hears the end (a server-side event) and closes its own sockets.
    const channel = roomChannel(roomId);
    this.io.local.to(channel).emit('room-ended', { roomId });
    this.io.local.in(channel).disconnectSockets(true);
  }

  /** The caller's membership of the room its payload names, or a refusal. */
  membership(socket: RealtimeSocket, roomId: string): { live: LiveRoom; member: Member } {
    const live = socket.data.roomId === roomId ? this.rooms.get(roomId) : undefined;
    const member = live?.member(socket.id);
    if (!live || !member) throw refuse('room/not-joined', 'Join the room first.');
    return { live, member };
  }

  hostMembership(socket: RealtimeSocket, roomId: string, action: string) {
    const found = this.membership(socket, roomId);
    if (found.member.role !== 'host') throw refuse('room/not-host', `Only the host can ${action}.`);
    return found;
  }

  /** Whether the socket is a member of that room now. */
  isMember(socket: RealtimeSocket, roomId: string): boolean {
    return this.rooms.get(roomId)?.member(socket.id) !== undefined;
  }

  /** Whether the socket is the host of the room it is in. */
  isHost(socket: RealtimeSocket): boolean {
    const roomId = socket.data.roomId;
    return roomId !== null && this.rooms.get(roomId)?.member(socket.id)?.role === 'host';
  }

  /** Whether the room's host left the SFU tier for a fallback, on whichever node it is. */
  async isHostOffSfu(roomId: string): Promise<boolean> {
    return (await this.options.state.hostSfu(roomId)) === 'off';
  }

  /** The host's SFU presence rule (host-sfu-presence.ts): true when its guests are to hear sfu:host-returned. */
  hostSfuChanged(roomId: string, event: HostSfuEvent): Promise<boolean> {
    return this.options.state.hostSfuChanged(roomId, event);
  }

  /** The room state store (chat history, the lock), for the handlers. */
  get roomState(): RoomStateStore {
    return this.options.state;
  }

  /**
   * The node stops: a host still here is gone from it as of now, kept with the room, so a room whose
   * host does not come back to the next node still ends after the grace period.
   */
  async close(): Promise<void> {
    const hosted = [...this.rooms.values()].filter((live) => live.hostOnline).map((live) => live.roomId);
    await Promise.all(hosted.map((roomId) => this.grace.hostGone(roomId)));
    await this.grace.settled();
    this.grace.cancelAll();
    this.rooms.clear();
    this.socketRooms.clear();
    await this.options.recordings?.stopAll();
    await this.media.closeAll();
  }
}
