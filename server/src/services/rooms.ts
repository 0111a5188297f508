import { randomInt, randomUUID } from 'node:crypto';
import {
  nameText,
  PRIVATE_ROOM_MESSAGE,
  REMOVED_FROM_ROOM_MESSAGE,
  type HostGraceInfo,
  ROOM_ID_LENGTH,
  type CreateRoomInput,
  type CreateRoomResponse,
  type RoomRole,
  type RoomSettings,
  type RoomSettingsPatch,
  type RoomView,
  ROOM_DEFAULT_SETTINGS,
} from '@riffroom/protocol';
import { AppError, forbidden, notFound } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import type { FollowsRepository } from '../repositories/follows.js';
import type { HostGraceRecord, RoomRecord, RoomsRepository } from '../repositories/rooms.js';
import type { UsersRepository } from '../repositories/users.js';

/** What the room may be shown as a member's name (protocol text.ts). */
const SHOWN_NAME = nameText(100);
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random 7-character id (spec part 9); 36^7 ≈ 7.8e10, so a collision just means drawing again. */
export function randomRoomId(): string {
  let id = '';
  for (let i = 0; i < ROOM_ID_LENGTH; i += 1) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

/** Whether a party may come into a booking's room now (services/market/booking-room.ts). */
export interface BookingRoomAdmission {
  admits(bookingId: number, uid: string): Promise<boolean>;
}

/** A booking's room: private, signed-in people only; the host may still change the tier and capacity. */
const BOOKING_ROOM_SETTINGS: RoomSettings = {
  isPublic: false,
  maxParticipants: ROOM_DEFAULT_SETTINGS.maxParticipants,
  allowGuestAccess: false,
  tier: 'auto',
};

const roomNotFound = () => notFound('room/not-found', 'Room not found or has ended');

/**
 * Collaboration rooms. The host is whoever created the room (from the verified token); only the
 * host ends it; capacity counts present members other than the host.
 */
export class RoomService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly users: UsersRepository,
    private readonly follows: FollowsRepository,
    private readonly bus: EventBus,
    private readonly bookingAdmission: BookingRoomAdmission,
    private readonly now: () => number = Date.now,
    private readonly newId: () => string = randomRoomId,
  ) {}

  async create(hostUid: string, input: CreateRoomInput): Promise<CreateRoomResponse['room']> {
    if (!(await this.users.findPublic(hostUid))) {
      throw notFound('user/not-found', 'Create your profile before hosting a room.');
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const roomId = this.newId();
      const inserted = await this.rooms.insert({
        roomId,
        name: input.name,
        hostUid,
        settings: input.settings,
        baseUrl: input.baseUrl ?? null,
        createdAt: this.now(),
      });
      if (inserted) return { roomId, name: input.name, settings: input.settings };
    }
    throw new Error('could not draw an unused room id');
  }

  /**
   * The booking's live room, made now if it has none (or its last one ended: the host ended it or
   * left for longer than the grace). Hosted by the provider whoever opens it first; when both
   * parties open it at once, the unique live room per booking makes them share one.
   */
  async openForBooking(bookingId: number, providerUid: string, name: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const live = await this.rooms.liveOfBooking(bookingId);
      if (live) return live.roomId;
      const roomId = this.newId();
      const inserted = await this.rooms.insert({
        roomId,
        name,
        hostUid: providerUid,
        settings: BOOKING_ROOM_SETTINGS,
        baseUrl: null,
        createdAt: this.now(),
        bookingId,
      });
      if (inserted) return roomId;
    }
    throw new Error('could not open the booking room');
  }

  /** The booking was cancelled: its live room ends, and room-ended reaches whoever is in it. */
  async endForBooking(bookingId: number): Promise<void> {
    const live = await this.rooms.liveOfBooking(bookingId);
    if (live && (await this.rooms.end(live.roomId, this.now()))) {
      this.bus.publish({ type: 'room-ended', roomId: live.roomId });
    }
  }

  /**
   * The caller's live room, if any: Start Hosting and a reload of the host screen resume it, so one
   * host has one room going rather than a new one per visit.
   */
  async liveHostedBy(hostUid: string): Promise<CreateRoomResponse['room'] | null> {
    const room = await this.rooms.newestLiveHostedBy(hostUid);
    return room ? { roomId: room.roomId, name: room.name, settings: room.settings } : null;
  }

  /**
   * For the media node: the host has been gone longer than the grace period (ROOM_HOST_GRACE_S), so
   * the room ends as if the host had ended it (room-ended reaches its guests). Only while the grace
   * named `graceId` still runs: the host came back meanwhile, or a newer grace runs, and it stays.
   */
  async expire(roomId: string, graceId: string): Promise<void> {
    if (await this.rooms.endByHostGrace(roomId, graceId, this.now())) {
      this.bus.publish({ type: 'room-ended', roomId });
    }
  }

  /**
   * For the media node: the room's host is gone, and the room waits `graceMs` for them. Kept with
   * the room, so a node that restarts resumes it (hostGraces). A grace already running is kept as
   * it is. null when the room is unknown or has ended.
   */
  async hostGone(roomId: string, graceMs: number): Promise<HostGraceInfo | null> {
    const now = this.now();
    const grace = await this.rooms.startHostGrace(roomId, randomUUID(), now + graceMs);
    return grace ? this.remaining(grace, now) : null;
  }

  /**
   * For a single box that starts, where nobody can be connected yet: every live room's host is gone
   * as of now, so a room whose host was in when the box stopped without a goodbye (a crash, a power
   * cut) still ends if the host does not come back. A grace already running is kept.
   */
  async hostsGoneAtStart(graceMs: number): Promise<void> {
    for (const roomId of await this.rooms.liveRoomsWithoutHostGrace()) await this.hostGone(roomId, graceMs);
  }

  /** For the media node: the host is back in the room; its grace period stops. */
  async hostBack(roomId: string): Promise<void> {
    await this.rooms.clearHostGrace(roomId);
  }

  /** For a media node that starts: every grace period running, with the time each has left. */
  async hostGraces(): Promise<HostGraceInfo[]> {
    const now = this.now();
    return (await this.rooms.runningHostGraces()).map((grace) => this.remaining(grace, now));
  }

  private remaining({ roomId, graceId, endsAt }: HostGraceRecord, now: number): HostGraceInfo {
    return { roomId, graceId, remainingMs: Math.max(0, endsAt - now) };
  }

  /**
   * For the media node, which checked that its caller is the room's host (room:remove): the person
   * (a uid or a guest's id) may not join this room again, over REST or a socket, on any node.
   */
  async removePerson(roomId: string, personKey: string): Promise<void> {
    await this.rooms.addRemoval(roomId, personKey, this.now());
    await this.rooms.markLeft(roomId, personKey, this.now());
  }

  /** For the media node: whether the host removed this person (a uid or a guest's id) from the room. */
  async isRemoved(roomId: string, personKey: string): Promise<boolean> {
    return this.rooms.isRemoved(roomId, personKey);
  }

  /**
   * For the media node, which checked that its caller is the room's host (room:controls): guest
   * access, maximum participants and public or private as the host set them live.
   */
  async saveSettings(roomId: string, settings: RoomSettings): Promise<void> {
    await this.rooms.setAccess(roomId, settings);
  }

  /**
   * The live room as its caller may see it (null: not signed in); unknown and ended rooms are both
   * 404, and a private room shows nothing of itself to those it does not admit. The host's PeerJS id
   * is left out on purpose: with it anyone could dial the host (members get it from get-peers).
   */
  async view(roomId: string, callerUid: string | null): Promise<RoomView> {
    const room = await this.live(roomId);
    await this.assertAdmits(room, callerUid);
    return this.describe(room);
  }

  /** For the media node: whether a private room lets this caller in (public rooms let anyone in). */
  async admits(roomId: string, callerUid: string | null): Promise<boolean> {
    const room = await this.rooms.find(roomId);
    return room !== undefined && (await this.lets(room, callerUid));
  }

  private async describe(room: RoomRecord): Promise<RoomView> {
    const roomId = room.roomId;
    return {
      roomId: room.roomId,
      name: room.name,
      settings: room.settings,
      host: { firebase_uid: room.hostUid, user_name: room.hostName },
      participants: await this.rooms.participants(roomId),
      createdAt: new Date(room.createdAt).toISOString(),
    };
  }

  /**
   * A member's display name for the media node; null when the user has no profile. A name saved
   * before names were checked (issue 34 item 10) that is blank or carries control or bidi
   * characters is not shown to the room: the username stands in.
   */
  async memberName(uid: string): Promise<string | null> {
    const user = await this.users.findPublic(uid);
    if (!user) return null;
    return SHOWN_NAME.safeParse(user.user_name).success ? user.user_name : user.user_username;
  }

  /** The live room, or null when unknown or ended: the media node's view (no 404 thrown). */
  async liveView(roomId: string): Promise<RoomView | null> {
    const room = await this.rooms.find(roomId);
    return room && room.endedAt === null ? this.describe(room) : null;
  }

  /** Kept for the spec's PATCH .../peer; the id is stored, never handed out. */
  async setHostPeer(callerUid: string, roomId: string, peerId: string): Promise<void> {
    const room = await this.live(roomId);
    if (room.hostUid !== callerUid) throw forbidden('room/not-host', 'Only the host can set the room peer.');
    await this.rooms.setHostPeer(roomId, peerId);
  }

  /** Host only. A new tier goes to the room's guests at once (room-settings), who choose again. */
  async updateSettings(callerUid: string, roomId: string, patch: RoomSettingsPatch): Promise<RoomSettings> {
    const room = await this.live(roomId);
    if (room.hostUid !== callerUid) throw forbidden('room/not-host', 'Only the host can change room settings.');
    await this.rooms.setTier(roomId, patch.tier);
    this.bus.publish({ type: 'room-settings', roomId, tier: patch.tier });
    return { ...room.settings, tier: patch.tier };
  }

  /** The host joins as host whatever they ask; anyone else as participant or viewer, never host. */
  async join(callerUid: string, roomId: string, requested: RoomRole): Promise<RoomRole> {
    const room = await this.live(roomId);
    await this.assertAdmits(room, callerUid);
    const isHost = room.hostUid === callerUid;
    // The same refusal join-room gives: a removed person is not let back in by another door.
    if (!isHost && (await this.rooms.isRemoved(roomId, callerUid))) {
      throw forbidden('room/removed', REMOVED_FROM_ROOM_MESSAGE);
    }
    const role: RoomRole = isHost ? 'host' : requested === 'host' ? 'participant' : requested;
    if (!(await this.users.findPublic(callerUid))) {
      throw notFound('user/not-found', 'Create your profile before joining a room.');
    }
    const max = isHost ? null : room.settings.maxParticipants;
    const joined = await this.rooms.joinWithinCapacity(
      roomId,
      callerUid,
      role,
      max,
      [room.hostUid, callerUid],
      this.now(),
    );
    if (!joined) {
      throw new AppError(
        409,
        'room/full',
        `This room is full (${room.settings.maxParticipants} participants at most).`,
      );
    }
    return role;
  }

  async leave(callerUid: string, roomId: string): Promise<void> {
    await this.live(roomId);
    await this.rooms.markLeft(roomId, callerUid, this.now());
  }

  /** Host only. Ending publishes room-ended so the media node closes the room's media and sockets. */
  async end(callerUid: string, roomId: string): Promise<void> {
    const room = await this.live(roomId);
    if (room.hostUid !== callerUid) throw forbidden('room/not-host', 'Only the host can end this room.');
    if (await this.rooms.end(roomId, this.now())) this.bus.publish({ type: 'room-ended', roomId });
  }

  private async assertAdmits(room: RoomRecord, callerUid: string | null): Promise<void> {
    if (await this.lets(room, callerUid)) return;
    throw forbidden('room/private', PRIVATE_ROOM_MESSAGE);
  }

  /**
   * A booking's room lets in its host and the booking's parties inside its window, whatever the
   * room's public switch says; any other room: everyone when public, else the host's invitees.
   */
  private async lets(room: RoomRecord, callerUid: string | null): Promise<boolean> {
    if (room.bookingId !== null) {
      if (callerUid === null) return false;
      return callerUid === room.hostUid || this.bookingAdmission.admits(room.bookingId, callerUid);
    }
    return room.settings.isPublic || this.isInvited(room, callerUid);
  }

  /** The host, and the people the host follows: the ones its Invite Collaborators list offers. */
  private async isInvited(room: RoomRecord, callerUid: string | null): Promise<boolean> {
    if (callerUid === null) return false;
    return callerUid === room.hostUid || this.follows.isFollowing(room.hostUid, callerUid);
  }

  private async live(roomId: string): Promise<RoomRecord> {
    const room = await this.rooms.find(roomId);
    if (!room || room.endedAt !== null) throw roomNotFound();
    return room;
  }
}
