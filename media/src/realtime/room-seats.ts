import { refuse, type RoomSettings, type RoomView } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { LiveRoom, type Member, type MemberIdentity } from '../rooms/live-room.js';
import type { RoomStateStore } from '../rooms/state/room-state-store.js';
import type { LiveRooms } from './live-rooms.js';
import { seatRefusal } from './seat-refusal.js';
import type { RealtimeSocket } from './types.js';

/**
 * Admission for the hub (room-hub.ts): this node's LiveRoom of a room, its own checks, and a seat
 * from the room state store, which counts every node's people (capacity, sockets per person, the
 * lock) atomically.
 */
export class RoomSeats {
  /** Sockets admitted as the first of their person on any node, until participant-joined goes out. */
  private firstOfKey = new Set<string>();

  constructor(
    private readonly rooms: LiveRooms,
    private readonly state: RoomStateStore,
    private readonly socketsPerPerson: number,
    private readonly logger: Logger,
  ) {}

  /** This node's LiveRoom of the room, made at its first join here; the record's settings as read now. */
  liveRoom(roomId: string, record: RoomView): LiveRoom {
    let live = this.rooms.get(roomId);
    if (!live) {
      live = new LiveRoom(roomId, record.host.firebase_uid, record.settings, this.rooms.restrictionsOf(roomId));
      this.rooms.set(roomId, live);
    }
    live.refreshSettings(record.settings);
    return live;
  }

  /**
   * The node's own checks, then the store's seat, then the member recorded in the LiveRoom that is
   * current then (the room may have emptied here, or been made again, while the store answered),
   * with no await between the two: another join refused meanwhile drops an empty room.
   * `stillJoinable` throws when the socket closed or the room ended meanwhile (the seat is given
   * back first, as when the person was removed meanwhile).
   */
  async take(
    socket: RealtimeSocket,
    live: LiveRoom,
    identity: MemberIdentity,
    settings: RoomSettings,
    stillJoinable: () => void,
  ): Promise<{ live: LiveRoom; member: Member }> {
    const { roomId } = live;
    const dropIfEmpty = () => {
      if (live.isEmpty && this.rooms.get(roomId) === live) this.rooms.delete(roomId);
    };
    const refused = live.check(identity);
    if (refused) {
      dropIfEmpty();
      throw refuse(refused.code, refused.message);
    }
    const key = identity.uid ?? identity.guestId;
    const rules = { maxParticipants: settings.maxParticipants, socketsPerPerson: this.socketsPerPerson };
    const seat = await this.state.takeSeat(roomId, { socketId: socket.id, key, isHost: live.isHost(identity) }, rules);
    if (!seat.ok) {
      dropIfEmpty();
      throw refuse(seat.code, seatRefusal(seat.code, rules));
    }
    const current = this.rooms.get(roomId) ?? live;
    let admitted;
    try {
      stillJoinable();
      admitted = current.admit(socket.id, identity);
      if (!admitted.ok) throw refuse(admitted.code, admitted.message);
    } catch (error) {
      await this.leave(roomId, key, socket.id, true);
      throw error;
    }
    this.rooms.set(roomId, current);
    if (seat.firstOfKey) this.firstOfKey.add(socket.id);
    return { live: current, member: admitted.member };
  }

  /** Whether the socket was the first of its person on any node (asked once, as participant-joined goes out). */
  wasFirstOfKey(socketId: string): boolean {
    return this.firstOfKey.delete(socketId);
  }

  /** The seat goes back to the store; whether the person is gone from every node (this node's view if it fails). */
  async leave(roomId: string, key: string, socketId: string, lastHere: boolean): Promise<boolean> {
    try {
      return await this.state.leaveSeat(roomId, socketId, key);
    } catch (error) {
      this.logger.warn({ err: error, roomId }, 'could not give a seat back to the room state');
      return lastHere;
    }
  }
}
