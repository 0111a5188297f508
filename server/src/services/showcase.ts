import type { ShowcaseTrack } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import { badRequest, notFound } from '../errors.js';
import type { ProjectFilesRepository, StoredFile } from '../repositories/project-files.js';
import type { UsersRepository } from '../repositories/users.js';

const notShowcased = () => notFound('file/not-found', 'No such track on this profile.');

/**
 * Showcase tracks (issue 36 item 7): a person picks up to five versions they uploaded themselves
 * (never someone else's work from a shared project), and anyone who can see their profile plays
 * those; every other file stays private to its project (404 here, whoever asks).
 */
export class ShowcaseService {
  constructor(
    private readonly db: Db,
    private readonly files: ProjectFilesRepository,
    private readonly users: UsersRepository,
  ) {}

  async list(uid: string): Promise<ShowcaseTrack[]> {
    if (!(await this.users.findPublic(uid))) throw notFound('user/not-found', 'No profile exists for this user.');
    const rows: { file_id: string }[] = await this.db('profile_showcase')
      .select('file_id')
      .where('firebase_uid', uid)
      .orderBy('position');
    const tracks: ShowcaseTrack[] = [];
    for (const { file_id } of rows) {
      const file = await this.files.find(file_id);
      if (file?.state === 'ready') {
        tracks.push({
          fileId: file.id,
          name: file.name,
          durationMs: file.audio.durationMs,
          loudnessLufs: file.loudnessLufs,
        });
      }
    }
    return tracks;
  }

  async set(uid: string, fileIds: string[]): Promise<ShowcaseTrack[]> {
    for (const fileId of fileIds) {
      const file = await this.files.find(fileId);
      if (!file || file.uploaderUid !== uid || file.state !== 'ready') {
        throw badRequest('validation/invalid-body', 'Showcase only tracks you uploaded yourself, once they are ready.');
      }
    }
    await this.db.transaction(async (trx) => {
      await trx('profile_showcase').where('firebase_uid', uid).delete();
      if (fileIds.length > 0) {
        await trx('profile_showcase').insert(
          fileIds.map((fileId, position) => ({ firebase_uid: uid, file_id: fileId, position })),
        );
      }
    });
    return this.list(uid);
  }

  /** A showcased, ready file of `uid`; 404 for any file that is not on their profile. */
  async file(uid: string, fileId: string): Promise<StoredFile> {
    const row = await this.db('profile_showcase').where({ firebase_uid: uid, file_id: fileId }).first();
    if (!row) throw notShowcased();
    const file = await this.files.find(fileId);
    if (!file || file.state !== 'ready') throw notShowcased();
    return file;
  }
}
