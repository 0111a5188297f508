import { ROOM_TIERS, type RoomParticipant, type RoomRole, type RoomSettings, type RoomTier } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';

interface RoomRow {
  room_id: string;
  name: string;
  host_uid: string;
  is_public: boolean | number;
  max_participants: number;
  allow_guest_access: boolean | number;
  tier: string;
  base_url: string | null;
  host_peer_id: string | null;
  created_at: number | string;
  ended_at: number | string | null;
  host_grace_id: string | null;
  host_grace_ends_at: number | string | null;
  booking_id: number | null;
}

export interface RoomRecord {
  roomId: string;
  name: string;
  hostUid: string;
  hostName: string;
  settings: RoomSettings;
  hostPeerId: string | null;
  createdAt: number;
  endedAt: number | null;
  /** The market booking the room was made for (its parties are who it admits); null otherwise. */
  bookingId: number | null;
}

/** A host's grace period that is running: the id that alone may end the room, and its end. */
export interface HostGraceRecord {
  roomId: string;
  graceId: string;
  endsAt: number;
}

export interface NewRoom {
  roomId: string;
  name: string;
  hostUid: string;
  settings: RoomSettings;
  baseUrl: string | null;
  createdAt: number;
  bookingId?: number;
}

const toRecord = (row: RoomRow & { host_name: string | null }): RoomRecord => ({
  roomId: row.room_id,
  name: row.name,
  hostUid: row.host_uid,
  hostName: row.host_name ?? '',
  // SQLite hands booleans back as 0/1.
  settings: {
    isPublic: Boolean(row.is_public),
    maxParticipants: Number(row.max_participants),
    allowGuestAccess: Boolean(row.allow_guest_access),
    tier: (ROOM_TIERS as readonly string[]).includes(row.tier) ? (row.tier as RoomTier) : 'auto',
  },
  hostPeerId: row.host_peer_id,
  createdAt: Number(row.created_at),
  endedAt: row.ended_at === null ? null : Number(row.ended_at),
  bookingId: row.booking_id === null || row.booking_id === undefined ? null : Number(row.booking_id),
});

/** Rooms and their signed-in participants. */
export function roomsRepository(db: Db) {
  return {
    /** Inserts unless the id is taken; false tells the caller to draw another id. */
    async insert(room: NewRoom): Promise<boolean> {
      const inserted = await db('rooms')
        .insert({
          room_id: room.roomId,
          name: room.name,
          host_uid: room.hostUid,
          is_public: room.settings.isPublic,
          max_participants: room.settings.maxParticipants,
          allow_guest_access: room.settings.allowGuestAccess,
          tier: room.settings.tier,
          base_url: room.baseUrl,
          created_at: room.createdAt,
          booking_id: room.bookingId ?? null,
        })
        // No target: a booking's second live room (rooms_live_booking_unique) is ignored too.
        .onConflict()
        .ignore()
        .returning('room_id');
      return inserted.length === 1;
    },

    /** Ended rooms too: the caller decides what an ended room means. */
    async find(roomId: string): Promise<RoomRecord | undefined> {
      const row = await db('rooms')
        .leftJoin('users', 'users.firebase_uid', 'rooms.host_uid')
        .where('rooms.room_id', roomId)
        .select('rooms.*', 'users.user_name as host_name')
        .first();
      return row && toRecord(row);
    },

    /** The host's newest room that has not ended, if any (rooms.host_uid is indexed). */
    async newestLiveHostedBy(hostUid: string): Promise<RoomRecord | undefined> {
      const row = await db('rooms')
        .leftJoin('users', 'users.firebase_uid', 'rooms.host_uid')
        .where('rooms.host_uid', hostUid)
        .whereNull('rooms.ended_at')
        // A booking's room is opened from the booking, never resumed by Start Hosting.
        .whereNull('rooms.booking_id')
        .orderBy('rooms.created_at', 'desc')
        .select('rooms.*', 'users.user_name as host_name')
        .first();
      return row && toRecord(row);
    },

    /** The booking's live room, if one is open (rooms_live_booking_unique keeps it to one). */
    async liveOfBooking(bookingId: number): Promise<RoomRecord | undefined> {
      const row = await db('rooms')
        .leftJoin('users', 'users.firebase_uid', 'rooms.host_uid')
        .where('rooms.booking_id', bookingId)
        .whereNull('rooms.ended_at')
        .select('rooms.*', 'users.user_name as host_name')
        .first();
      return row && toRecord(row);
    },

    /** Who may join: guest access, maximum participants, public or private. */
    async setAccess(roomId: string, settings: Omit<RoomSettings, 'tier'>): Promise<void> {
      await db('rooms').where({ room_id: roomId }).update({
        is_public: settings.isPublic,
        max_participants: settings.maxParticipants,
        allow_guest_access: settings.allowGuestAccess,
      });
    },

    async setTier(roomId: string, tier: RoomTier): Promise<void> {
      await db('rooms').where({ room_id: roomId }).update({ tier });
    },

    async setHostPeer(roomId: string, peerId: string): Promise<void> {
      await db('rooms').where({ room_id: roomId }).update({ host_peer_id: peerId });
    },

    /** Marks the room ended once; true only for the call that ended it. */
    async end(roomId: string, at: number): Promise<boolean> {
      const changed = await db('rooms').where({ room_id: roomId }).whereNull('ended_at').update({ ended_at: at });
      return changed === 1;
    },

    /** Present participants (not left), oldest join first, with their profile names. */
    async participants(roomId: string): Promise<RoomParticipant[]> {
      const rows: { firebase_uid: string; user_name: string | null; role: RoomRole }[] = await db('room_participants')
        .leftJoin('users', 'users.firebase_uid', 'room_participants.firebase_uid')
        .where('room_participants.room_id', roomId)
        .whereNull('room_participants.left_at')
        .orderBy('room_participants.joined_at')
        .select('room_participants.firebase_uid', 'users.user_name', 'room_participants.role');
      return rows.map((row) => ({ firebase_uid: row.firebase_uid, user_name: row.user_name ?? '', role: row.role }));
    },

    /**
     * Adds (or re-adds) a participant unless the room already holds `max` present members besides
     * `exceptUids`. Count and insert share one transaction, so two last-seat joins cannot both win.
     */
    async joinWithinCapacity(
      roomId: string,
      uid: string,
      role: RoomRole,
      max: number | null,
      exceptUids: string[],
      at: number,
    ): Promise<boolean> {
      return db.transaction(async (trx) => {
        // PostgreSQL: lock the room row so concurrent joins queue; SQLite already serialises writers.
        if (trx.client.config.client !== 'better-sqlite3') {
          await trx('rooms').where({ room_id: roomId }).forUpdate().first();
        }
        if (max !== null) {
          const [row] = await trx('room_participants')
            .where({ room_id: roomId })
            .whereNull('left_at')
            .whereNotIn('firebase_uid', exceptUids)
            .count({ count: '*' });
          if (Number(row?.count ?? 0) >= max) return false;
        }
        await trx('room_participants')
          .insert({ room_id: roomId, firebase_uid: uid, role, joined_at: at, left_at: null })
          .onConflict(['room_id', 'firebase_uid'])
          .merge({ role, joined_at: at, left_at: null });
        return true;
      });
    },

    /** The host removed this person (a uid or a guest id); kept until the room's row goes. */
    async addRemoval(roomId: string, personKey: string, at: number): Promise<void> {
      await db('room_removals')
        .insert({ room_id: roomId, person_key: personKey, removed_at: at })
        .onConflict(['room_id', 'person_key'])
        .ignore();
    },

    async isRemoved(roomId: string, personKey: string): Promise<boolean> {
      return (await db('room_removals').where({ room_id: roomId, person_key: personKey }).first()) !== undefined;
    },

    /**
     * Starts the host's grace period of a live room unless one runs already (which is kept, so a
     * second node or a restart never pushes the end further out). The grace that runs, or undefined
     * when the room is unknown or ended.
     */
    async startHostGrace(roomId: string, graceId: string, endsAt: number): Promise<HostGraceRecord | undefined> {
      await db('rooms')
        .where({ room_id: roomId })
        .whereNull('ended_at')
        .whereNull('host_grace_id')
        .update({ host_grace_id: graceId, host_grace_ends_at: endsAt });
      const row: Pick<RoomRow, 'host_grace_id' | 'host_grace_ends_at'> | undefined = await db('rooms')
        .where({ room_id: roomId })
        .whereNull('ended_at')
        .select('host_grace_id', 'host_grace_ends_at')
        .first();
      if (!row?.host_grace_id || row.host_grace_ends_at === null) return undefined;
      return { roomId, graceId: row.host_grace_id, endsAt: Number(row.host_grace_ends_at) };
    },

    /** The host is back: no grace runs any more. */
    async clearHostGrace(roomId: string): Promise<void> {
      await db('rooms').where({ room_id: roomId }).update({ host_grace_id: null, host_grace_ends_at: null });
    },

    /** Every live room whose host's grace period does not run. */
    async liveRoomsWithoutHostGrace(): Promise<string[]> {
      const rows: Pick<RoomRow, 'room_id'>[] = await db('rooms')
        .whereNull('ended_at')
        .whereNull('host_grace_id')
        .select('room_id');
      return rows.map((row) => row.room_id);
    },

    /** Every live room whose host's grace period runs. */
    async runningHostGraces(): Promise<HostGraceRecord[]> {
      const rows: Pick<RoomRow, 'room_id' | 'host_grace_id' | 'host_grace_ends_at'>[] = await db('rooms')
        .whereNotNull('host_grace_id')
        .whereNull('ended_at')
        .select('room_id', 'host_grace_id', 'host_grace_ends_at');
      return rows.map((row) => ({
        roomId: row.room_id,
        graceId: row.host_grace_id!,
        endsAt: Number(row.host_grace_ends_at),
      }));
    },

    /** Ends the room once, and only while the grace named `graceId` still runs; true for the call that ended it. */
    async endByHostGrace(roomId: string, graceId: string, at: number): Promise<boolean> {
      const changed = await db('rooms')
        .where({ room_id: roomId, host_grace_id: graceId })
        .whereNull('ended_at')
        .update({ ended_at: at, host_grace_id: null, host_grace_ends_at: null });
      return changed === 1;
    },

    async markLeft(roomId: string, uid: string, at: number): Promise<void> {
      await db('room_participants')
        .where({ room_id: roomId, firebase_uid: uid })
        .whereNull('left_at')
        .update({ left_at: at });
    },
  };
}
export type RoomsRepository = ReturnType<typeof roomsRepository>;
