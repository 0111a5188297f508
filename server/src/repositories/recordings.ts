import {
  RECORDING_STATUSES,
  recordingTrackSchema,
  type Recording,
  type RecordingStatus,
  type RecordingTrack,
} from '@riffroom/protocol';
import { z } from 'zod';
import type { Db } from '../db/connect.js';

interface RecordingRow {
  recording_id: string;
  room_name: string | null;
  room_id: string;
  host_uid: string;
  started_at: number | string;
  ended_at: number | string | null;
  duration_ms: number | string;
  tracks: string;
  size_bytes: number | string;
  status: string;
  message: string | null;
}

export type RecordingRecord = Omit<Recording, 'sharedWith' | 'members'>;

const storedTracksSchema = z.array(recordingTrackSchema);

const toRecord = (row: RecordingRow): RecordingRecord => ({
  id: row.recording_id,
  roomId: row.room_id,
  roomName: row.room_name ?? '',
  hostUid: row.host_uid,
  startedAt: new Date(Number(row.started_at)).toISOString(),
  endedAt: row.ended_at === null ? null : new Date(Number(row.ended_at)).toISOString(),
  durationMs: Number(row.duration_ms),
  // Written only by this repository from checked tracks; a row that does not parse lists none.
  tracks: storedTracksSchema.safeParse(JSON.parse(row.tracks)).data ?? [],
  sizeBytes: Number(row.size_bytes),
  status: (RECORDING_STATUSES as readonly string[]).includes(row.status) ? (row.status as RecordingStatus) : 'failed',
  message: row.message,
});

export interface RecordingUpdate {
  status: RecordingStatus;
  endedAt: number | null;
  durationMs: number;
  tracks: RecordingTrack[];
  message: string | null;
}

/** Recordings and who their host shared them with. */
export function recordingsRepository(db: Db) {
  const withRoomName = () =>
    db('recordings')
      .leftJoin('rooms', 'rooms.room_id', 'recordings.room_id')
      .select('recordings.*', 'rooms.name as room_name');
  return {
    async insert(recording: {
      id: string;
      roomId: string;
      hostUid: string;
      startedAt: number;
      nodeId?: string;
    }): Promise<void> {
      await db('recordings')
        .insert({
          recording_id: recording.id,
          node_id: recording.nodeId ?? null,
          room_id: recording.roomId,
          host_uid: recording.hostUid,
          started_at: recording.startedAt,
          tracks: '[]',
          status: 'recording',
        })
        .onConflict('recording_id')
        .ignore();
    },

    async update(id: string, update: RecordingUpdate): Promise<void> {
      await db('recordings').where({ recording_id: id }).update(updatedColumns(update));
    },

    /**
     * The update only while the row still says 'recording'; false when something else (its node,
     * back after all, or another API process) marked it first. So a row is never marked twice.
     */
    async updateIfRecording(id: string, update: RecordingUpdate): Promise<boolean> {
      const changed = await db('recordings')
        .where({ recording_id: id, status: 'recording' })
        .update(updatedColumns(update));
      return Number(changed) > 0;
    },

    async find(id: string): Promise<RecordingRecord | null> {
      const row: RecordingRow | undefined = await withRoomName().where({ recording_id: id }).first();
      return row ? toRecord(row) : null;
    },

    /** The caller's own recordings and those shared with them, newest first. */
    async visibleTo(uid: string): Promise<RecordingRecord[]> {
      const rows: RecordingRow[] = await withRoomName()
        .where('recordings.host_uid', uid)
        .orWhereIn('recording_id', db('recording_shares').select('recording_id').where({ firebase_uid: uid }))
        .orderBy('recordings.started_at', 'desc')
        .limit(500);
      return rows.map(toRecord);
    },

    async sharedWith(id: string): Promise<string[]> {
      const rows: { firebase_uid: string }[] = await db('recording_shares')
        .select('firebase_uid')
        .where({ recording_id: id })
        .orderBy('firebase_uid');
      return rows.map((row) => row.firebase_uid);
    },

    async isSharedWith(id: string, uid: string): Promise<boolean> {
      return (await db('recording_shares').where({ recording_id: id, firebase_uid: uid }).first()) !== undefined;
    },

    /** Replaces the share list in one transaction. */
    async setShares(id: string, uids: string[]): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('recording_shares').where({ recording_id: id }).delete();
        if (uids.length > 0) {
          await trx('recording_shares').insert(uids.map((uid) => ({ recording_id: id, firebase_uid: uid })));
        }
      });
    },

    /** The signed-in members the room ever had, but its host, with their names: who the host may share with. */
    async members(roomId: string, hostUid: string): Promise<{ uid: string; name: string }[]> {
      const rows: { firebase_uid: string; user_name: string | null }[] = await db('room_participants')
        .leftJoin('users', 'users.firebase_uid', 'room_participants.firebase_uid')
        .select('room_participants.firebase_uid', 'users.user_name')
        .where('room_participants.room_id', roomId)
        .whereNot('room_participants.firebase_uid', hostUid)
        .orderBy('room_participants.joined_at');
      return rows.map((row) => ({ uid: row.firebase_uid, name: row.user_name ?? '' }));
    },

    /** Of `uids`, those who were ever members of the room (host chooses among them). */
    async roomMembers(roomId: string, uids: string[]): Promise<string[]> {
      if (uids.length === 0) return [];
      const rows: { firebase_uid: string }[] = await db('room_participants')
        .select('firebase_uid')
        .where({ room_id: roomId })
        .whereIn('firebase_uid', uids);
      return rows.map((row) => row.firebase_uid);
    },

    async delete(id: string): Promise<void> {
      await db('recordings').where({ recording_id: id }).delete();
    },

    /** Every recording's host, status and size on disk (as last reported): the retention's sums. */
    async sizes(): Promise<{ id: string; hostUid: string; status: string; sizeBytes: number }[]> {
      const rows: { recording_id: string; host_uid: string; status: string; size_bytes: number | string }[] = await db(
        'recordings',
      ).select('recording_id', 'host_uid', 'status', 'size_bytes');
      return rows.map((row) => ({
        id: row.recording_id,
        hostUid: row.host_uid,
        status: row.status,
        sizeBytes: Number(row.size_bytes),
      }));
    },

    /** Finished recordings, oldest first (retention's walk). */
    async finishedOldestFirst(): Promise<RecordingRecord[]> {
      const rows: RecordingRow[] = await withRoomName()
        .whereNot({ status: 'recording' })
        .orderBy('recordings.started_at', 'asc');
      return rows.map(toRecord);
    },

    /**
     * Rows still 'recording' that node `nodeId` runs (every node's with `everyNode`, the single
     * box), and rows from before nodes were named (node_id null) only then.
     */
    async stillRecording(nodeId: string, everyNode: boolean): Promise<RecordingRecord[]> {
      const query = withRoomName().where({ status: 'recording' });
      if (!everyNode) query.andWhere('recordings.node_id', nodeId);
      const rows: RecordingRow[] = await query;
      return rows.map(toRecord);
    },

    /** Every row still 'recording', with the node that records it (scaled out; unnamed rows left out). */
    async recordingOnNodes(): Promise<{ nodeId: string; record: RecordingRecord }[]> {
      const rows: (RecordingRow & { node_id: string })[] = await withRoomName()
        .where({ status: 'recording' })
        .whereNotNull('recordings.node_id');
      return rows.map((row) => ({ nodeId: row.node_id, record: toRecord(row) }));
    },
  };
}

function updatedColumns(update: RecordingUpdate) {
  return {
    status: update.status,
    ended_at: update.endedAt,
    duration_ms: update.durationMs,
    tracks: JSON.stringify(update.tracks),
    size_bytes: update.tracks.reduce((sum, track) => sum + track.bytes, 0),
    message: update.message,
  };
}

export type RecordingsRepository = ReturnType<typeof recordingsRepository>;
