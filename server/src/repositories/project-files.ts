import { audioInfoSchema, FILE_STATES, type AudioInfo, type FileState, type ProjectFile } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';

interface FileRow {
  file_id: string;
  project_id: string;
  track_id: string;
  version: number | string;
  name: string;
  uploader_uid: string;
  uploader_name: string | null;
  size_bytes: number | string;
  sha256: string;
  created_at: number | string;
  state: string;
  message: string | null;
  audio: string;
  loudness_lufs: number | string | null;
  true_peak_dbtp: number | string | null;
}

export type StoredFile = ProjectFile & { projectId: string };

const EMPTY_AUDIO: AudioInfo = { format: '', codec: '', sampleRate: 0, channels: 0, bitDepth: null, durationMs: 0 };
const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

const toFile = (row: FileRow): StoredFile => ({
  id: row.file_id,
  projectId: row.project_id,
  trackId: row.track_id,
  version: Number(row.version),
  name: row.name,
  sizeBytes: Number(row.size_bytes),
  sha256: row.sha256,
  uploaderUid: row.uploader_uid,
  uploaderName: row.uploader_name ?? '',
  createdAt: new Date(Number(row.created_at)).toISOString(),
  state: (FILE_STATES as readonly string[]).includes(row.state) ? (row.state as FileState) : 'failed',
  message: row.message,
  // Written only by this repository from ffprobe's checked answer.
  audio: audioInfoSchema.safeParse(JSON.parse(row.audio)).data ?? EMPTY_AUDIO,
  loudnessLufs: numberOrNull(row.loudness_lufs),
  truePeakDbtp: numberOrNull(row.true_peak_dbtp),
});

export interface NewFile {
  id: string;
  projectId: string;
  /** An existing track of the project, or a new one named `newTrackName`. */
  trackId: string;
  newTrackName: string | null;
  name: string;
  uploaderUid: string;
  sizeBytes: number;
  sha256: string;
  audio: AudioInfo;
  at: number;
}

/** Tracks, their versions (one stored file each) and the uploads still under way. */
export function projectFilesRepository(db: Db) {
  const files = () =>
    db('project_files')
      .leftJoin('users', 'users.firebase_uid', 'project_files.uploader_uid')
      .select('project_files.*', 'users.user_name as uploader_name');
  return {
    async tracks(projectId: string): Promise<{ id: string; name: string; createdAt: string }[]> {
      const rows: { track_id: string; name: string; created_at: number | string }[] = await db('project_tracks')
        .where('project_id', projectId)
        .orderBy('created_at');
      return rows.map((row) => ({
        id: row.track_id,
        name: row.name,
        createdAt: new Date(Number(row.created_at)).toISOString(),
      }));
    },
    async trackInProject(projectId: string, trackId: string): Promise<boolean> {
      return (await db('project_tracks').where({ project_id: projectId, track_id: trackId }).first()) !== undefined;
    },
    async filesOf(projectId: string): Promise<StoredFile[]> {
      const rows: FileRow[] = await files().where('project_files.project_id', projectId).orderBy('version');
      return rows.map(toFile);
    },
    async find(fileId: string): Promise<StoredFile | undefined> {
      const row: FileRow | undefined = await files().where('project_files.file_id', fileId).first();
      return row && toFile(row);
    },
    /** Stores a finished upload as the next version of its track (v1 of a new one), in one transaction. */
    async insert(file: NewFile): Promise<StoredFile> {
      await db.transaction(async (trx) => {
        if (file.newTrackName !== null) {
          await trx('project_tracks').insert({
            track_id: file.trackId,
            project_id: file.projectId,
            name: file.newTrackName,
            created_at: file.at,
          });
        }
        const last = await trx('project_files').where('track_id', file.trackId).max({ v: 'version' }).first();
        await trx('project_files').insert({
          file_id: file.id,
          project_id: file.projectId,
          track_id: file.trackId,
          version: Number(last?.v ?? 0) + 1,
          name: file.name,
          uploader_uid: file.uploaderUid,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
          created_at: file.at,
          state: 'preparing',
          message: null,
          audio: JSON.stringify(file.audio),
        });
      });
      return (await this.find(file.id))!;
    },
    async markPrepared(fileId: string, loudness: { lufs: number | null; truePeak: number | null }): Promise<void> {
      await db('project_files')
        .where('file_id', fileId)
        .update({ state: 'ready', loudness_lufs: loudness.lufs, true_peak_dbtp: loudness.truePeak, message: null });
    },
    async markFailed(fileId: string, message: string): Promise<void> {
      await db('project_files')
        .where('file_id', fileId)
        .update({ state: 'failed', message: message.slice(0, 500) });
    },
    /** Files an interrupted process left preparing: prepared again when the API starts. */
    async preparing(): Promise<{ fileId: string; projectId: string }[]> {
      const rows: { file_id: string; project_id: string }[] = await db('project_files')
        .select('file_id', 'project_id')
        .where('state', 'preparing');
      return rows.map((row) => ({ fileId: row.file_id, projectId: row.project_id }));
    },
    /** Deletes a version; its track goes with its last version. */
    async delete(file: StoredFile): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('project_files').where('file_id', file.id).delete();
        const left = await trx('project_files').where('track_id', file.trackId).first();
        if (!left) await trx('project_tracks').where('track_id', file.trackId).delete();
      });
    },
    /** What `uid`'s uploads take: stored files plus the declared length of those still under way. */
    async usedBytes(uid: string): Promise<number> {
      const stored = await db('project_files').where('uploader_uid', uid).sum({ n: 'size_bytes' }).first();
      const pending = await db('project_uploads').where('uploader_uid', uid).sum({ n: 'size_bytes' }).first();
      return Number(stored?.n ?? 0) + Number(pending?.n ?? 0);
    },
    async insertUpload(upload: {
      id: string;
      projectId: string;
      uploaderUid: string;
      sizeBytes: number;
      at: number;
    }): Promise<void> {
      await db('project_uploads').insert({
        upload_id: upload.id,
        project_id: upload.projectId,
        uploader_uid: upload.uploaderUid,
        size_bytes: upload.sizeBytes,
        created_at: upload.at,
      });
    },
    async findUpload(
      uploadId: string,
    ): Promise<{ projectId: string; uploaderUid: string; sizeBytes: number } | undefined> {
      const row: { project_id: string; uploader_uid: string; size_bytes: number | string } | undefined = await db(
        'project_uploads',
      )
        .where('upload_id', uploadId)
        .first();
      return row && { projectId: row.project_id, uploaderUid: row.uploader_uid, sizeBytes: Number(row.size_bytes) };
    },
    async countUploadsOf(uid: string): Promise<number> {
      const row = await db('project_uploads').where('uploader_uid', uid).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    async deleteUpload(uploadId: string): Promise<void> {
      await db('project_uploads').where('upload_id', uploadId).delete();
    },
    async uploadsOf(projectId: string): Promise<string[]> {
      const rows: { upload_id: string }[] = await db('project_uploads')
        .select('upload_id')
        .where('project_id', projectId);
      return rows.map((row) => row.upload_id);
    },
    async uploadsOlderThan(at: number): Promise<string[]> {
      const rows: { upload_id: string }[] = await db('project_uploads')
        .select('upload_id')
        .where('created_at', '<', at);
      return rows.map((row) => row.upload_id);
    },
  };
}
export type ProjectFilesRepository = ReturnType<typeof projectFilesRepository>;
