import { GUEST_USER_NAME, PRIVATE_ROOM_MESSAGE, type JoinRoomResult, type RoomView } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { LiveRoom, type Member } from '../rooms/live-room.js';
import type { SfuRoom } from '../sfu/sfu-room.js';
import type { SfuRooms } from '../sfu/sfu-rooms.js';
import type { RoomDirectory } from './room-directory.js';
import { RoomSocketError } from './socket-handler.js';
import { roomChannel, type RealtimeServer, type RealtimeSocket } from './types.js';

/**
 * Ties live rooms (membership rules), their media (SfuRooms) and the sockets together: it is the
 * one place that turns domain changes into the spec's room events.
 */
export class RoomHub {
  private rooms = new Map<string, LiveRoom>();
  /**
   * Rooms whose host abandoned the SFU (sfu:close-transports): 'off' until it creates a send
   * transport again (guests are turned away meanwhile), then 'returning' until its first producer,
   * when the guests that fell back are told they may climb back (sfu:host-returned).
   */
  private hostOffSfu = new Map<string, 'off' | 'returning'>();

  constructor(
    private readonly io: RealtimeServer,
    private readonly directory: RoomDirectory,
    readonly media: SfuRooms,
    private readonly logger: Logger,
  ) {
    media.on('created', (room) => this.wireMedia(room));
    media.on('rebuilt', (room, reason) => {
      this.io.to(roomChannel(room.roomId)).emit('sfu:reconnect', { reason });
    });
  }

  async join(socket: RealtimeSocket, roomId: string): Promise<JoinRoomResult> {
    if (socket.data.roomId && socket.data.roomId !== roomId) await this.leave(socket);
    const record = await this.directory.get(roomId);
    if (!record) throw new RoomSocketError('room/not-found', 'Room not found or has ended');
    const uid = socket.data.uid;
    if (!record.settings.isPublic && !(await this.directory.admits(roomId, uid))) {
      throw new RoomSocketError('room/private', PRIVATE_ROOM_MESSAGE);
    }
    const name = uid ? ((await this.directory.userName(uid)) ?? GUEST_USER_NAME) : GUEST_USER_NAME;
    const joinedAs = uid ? record.participants.find((p) => p.firebase_uid === uid)?.role : undefined;

    let live = this.rooms.get(roomId);
    if (!live) {
      live = new LiveRoom(roomId, record.host.firebase_uid, record.settings);
      this.rooms.set(roomId, live);
    }
    const existing = live.member(socket.id);
    let member: Member;
    if (existing) {
      member = existing; // A repeated join-room from the same socket answers the same state.
    } else {
      const admitted = live.admit(socket.id, {
        uid,
        guestId: socket.data.guestId,
        name,
        requestedRole: joinedAs === 'participant' || joinedAs === 'viewer' ? joinedAs : undefined,
      });
      if (!admitted.ok) {
        if (live.isEmpty) this.rooms.delete(roomId);
        throw new RoomSocketError(admitted.code, admitted.message);
      }
      member = admitted.member;
      socket.data.roomId = roomId;
      await socket.join(roomChannel(roomId));
      const others = socket.to(roomChannel(roomId));
      others.emit('peer-joined', { peerId: member.peerId, user_name: member.user_name, role: member.role });
      if (admitted.firstOfKey) others.emit('participant-joined', publicMember(member));
      this.io.to(roomChannel(roomId)).emit('room-update', this.update(live));
    }

    let sharing = false;
    try {
      sharing = (await this.media.get(roomId)).hasProducer('screen');
    } catch (error) {
      // Chat and presence still work without media; the SFU calls will say sfu/unavailable.
      this.logger.error({ err: error, roomId }, 'could not set up room media');
    }
    return {
      room: record satisfies RoomView,
      self: publicMember(member),
      peers: live.peers(socket.id),
      hostOnline: live.hostOnline,
      sharing,
      chat: live.chatHistory(),
    };
  }

  /** Removes the socket from its room, telling the others; idempotent. */
  async leave(socket: RealtimeSocket): Promise<void> {
    const roomId = socket.data.roomId;
    if (!roomId) return;
    socket.data.roomId = null;
    await socket.leave(roomChannel(roomId));
    const live = this.rooms.get(roomId);
    const removed = live?.remove(socket.id);
    (await this.media.peek(roomId))?.removePeer(socket.id);
    if (!live || !removed) return;
    const channel = this.io.to(roomChannel(roomId));
    channel.emit('user-left', { peerId: socket.id });
    if (removed.lastOfKey) channel.emit('participant-left', publicMember(removed.member));
    if (removed.hostLeft) {
      channel.emit('host-left', {});
      // A host that comes back chooses its tier again and says so (sfu:close-transports or a send
      // transport); guests that fell back while it was off still hear when it produces on the SFU.
      if (this.hostOffSfu.has(roomId)) this.hostOffSfu.set(roomId, 'returning');
    }
    channel.emit('room-update', this.update(live));
    if (live.isEmpty) {
      this.hostOffSfu.delete(roomId);
      // Nobody left to see it: free the router; the next join builds a fresh one.
      this.rooms.delete(roomId);
      await this.media.close(roomId);
    }
  }

  /** The host ended the room: tell everyone, close its media, then its sockets. */
  async end(roomId: string): Promise<void> {
    this.rooms.delete(roomId);
    this.hostOffSfu.delete(roomId);
    await this.media.close(roomId);
    const channel = roomChannel(roomId);
    this.io.to(channel).emit('room-ended', { roomId });
    for (const socket of await this.io.in(channel).fetchSockets()) socket.data.roomId = null;
    this.io.in(channel).disconnectSockets(true);
  }

  /** The caller's membership of the room its payload names, or a refusal. */
  membership(socket: RealtimeSocket, roomId: string): { live: LiveRoom; member: Member } {
    const live = socket.data.roomId === roomId ? this.rooms.get(roomId) : undefined;
    const member = live?.member(socket.id);
    if (!live || !member) throw new RoomSocketError('room/not-joined', 'Join the room first.');
    return { live, member };
  }

  hostMembership(socket: RealtimeSocket, roomId: string, action: string) {
    const found = this.membership(socket, roomId);
    if (found.member.role !== 'host') throw new RoomSocketError('room/not-host', `Only the host can ${action}.`);
    return found;
  }

  /** Whether the room's host left the SFU tier for a fallback (its guests should not wait on the SFU). */
  isHostOffSfu(roomId: string): boolean {
    return this.hostOffSfu.get(roomId) === 'off';
  }

  setHostOffSfu(roomId: string, off: boolean): void {
    if (off && this.rooms.has(roomId)) this.hostOffSfu.set(roomId, 'off');
    else if (!off && this.hostOffSfu.has(roomId)) this.hostOffSfu.set(roomId, 'returning');
  }

  /** The host produced on the SFU: true the first time since it left it (its guests are to be told). */
  hostProducing(roomId: string): boolean {
    return this.hostOffSfu.delete(roomId);
  }

  async close(): Promise<void> {
    this.rooms.clear();
    this.hostOffSfu.clear();
    await this.media.closeAll();
  }

  private update(live: LiveRoom) {
    return { participantCount: live.participantCount, hostOnline: live.hostOnline };
  }

  private wireMedia(room: SfuRoom): void {
    const channel = roomChannel(room.roomId);
    room.on('new-producer', ({ peerId, ...producer }) =>
      this.io.to(channel).except(peerId).emit('sfu:new-producer', producer),
    );
    room.on('producer-closed', ({ producerId }) => this.io.to(channel).emit('sfu:producer-closed', { producerId }));
  }
}

function publicMember({ peerId, firebase_uid, user_name, role }: Member) {
  return { peerId, firebase_uid, user_name, role };
}
