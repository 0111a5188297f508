import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PROFILE_PICTURE_SIZE_PX, profilePicturePath } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import { AppError, notFound } from '../errors.js';
import type { ApiLimits } from '../limits/api-limits.js';
import type { UsersRepository } from '../repositories/users.js';
import { newId } from '../services/projects.js';
import type { FilePaths } from './file-paths.js';
import { fileInput, runTool } from './run-tool.js';

/** Picture uploads one person may have unfinished at once. */
const PENDING_PER_PERSON = 3;
const ENCODE_TIMEOUT_MS = 30_000;
/** What ffmpeg may open as a picture: the stored file only, and only still-image demuxers. */
const IMAGE_INPUT_ARGS = ['-protocol_whitelist', 'file', '-format_whitelist', 'png_pipe,jpeg_pipe,webp_pipe,gif'];

const pictureNotFound = () => notFound('file/not-found', 'This person has no profile picture.');

/**
 * Profile pictures (issue 36 item 7), uploaded through the tus endpoint like project files. What
 * the bytes are is decided by ffmpeg reading them (PNG, JPEG, WebP or GIF; never the name or the
 * browser's type); the picture is then cropped to a square, scaled and re-encoded as a fresh JPEG
 * without metadata (EXIF, GPS and comments are not carried over), so no uploaded byte is ever
 * served. Anyone who can see a profile may fetch its picture.
 */
export class ProfilePictures {
  constructor(
    private readonly deps: {
      db: Db;
      users: UsersRepository;
      paths: FilePaths;
      ffmpegBin: string;
      pictureMaxBytes: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** A new picture upload, checked before its first byte is stored. */
  async authorizeCreate(uid: string, uploadId: string, declared: number, limits: ApiLimits): Promise<void> {
    if (!(await this.deps.users.findPublic(uid))) {
      throw notFound('user/not-found', 'Create your profile before adding a picture.');
    }
    if (declared > this.deps.pictureMaxBytes) {
      const mib = (this.deps.pictureMaxBytes / 1024 ** 2).toFixed(1);
      throw new AppError(413, 'file/too-large', `A profile picture may be at most ${mib} MiB.`);
    }
    limits.take('uploadsPerUser', uid);
    const pending = await this.deps.db('profile_picture_uploads').where('uploader_uid', uid).count({ n: '*' }).first();
    if (Number(pending?.n ?? 0) >= PENDING_PER_PERSON) {
      throw new AppError(429, 'file/too-many-uploads', 'Finish or cancel your other picture uploads first.');
    }
    await this.deps.db('profile_picture_uploads').insert({
      upload_id: uploadId,
      uploader_uid: uid,
      size_bytes: declared,
      created_at: this.now(),
    });
  }

  async findUpload(uploadId: string): Promise<{ uploaderUid: string } | undefined> {
    const row: { uploader_uid: string } | undefined = await this.deps
      .db('profile_picture_uploads')
      .where('upload_id', uploadId)
      .first();
    return row && { uploaderUid: row.uploader_uid };
  }

  /** Picture uploads started before `cutoff` and never finished (swept with the project uploads). */
  async uploadsOlderThan(cutoff: number): Promise<string[]> {
    const rows: { upload_id: string }[] = await this.deps
      .db('profile_picture_uploads')
      .select('upload_id')
      .where('created_at', '<', cutoff);
    return rows.map((row) => row.upload_id);
  }

  async dropUpload(uploadId: string): Promise<void> {
    await this.deps.db('profile_picture_uploads').where('upload_id', uploadId).delete();
  }

  /** A finished upload: re-encoded into the person's picture; the uploaded bytes are deleted either way. */
  async finish(uploadId: string, source: string): Promise<{ profileImageUrl: string }> {
    const upload = await this.findUpload(uploadId);
    if (!upload) throw notFound('file/not-found', 'No such upload.');
    const pictureId = newId();
    const target = this.deps.paths.picture(pictureId);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.part`;
    try {
      const square = `min(iw\\,ih)`;
      const result = await runTool(
        this.deps.ffmpegBin,
        [
          '-hide_banner',
          '-nostdin',
          ...IMAGE_INPUT_ARGS,
          '-i',
          fileInput(source),
          '-frames:v',
          '1',
          '-vf',
          `crop=${square}:${square},scale=${PROFILE_PICTURE_SIZE_PX}:${PROFILE_PICTURE_SIZE_PX},format=yuvj420p`,
          '-map_metadata',
          '-1',
          '-c:v',
          'mjpeg',
          '-q:v',
          '3',
          '-f',
          'image2',
          '-y',
          fileInput(partial),
        ],
        { timeoutMs: ENCODE_TIMEOUT_MS },
      );
      if (result.code !== 0) {
        throw new AppError(415, 'file/not-image', 'That file is not a picture (PNG, JPEG, WebP or GIF).');
      }
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
      await rm(source, { force: true });
      await rm(`${source}.json`, { force: true });
      await this.dropUpload(uploadId);
    }
    const previous = await this.pictureIdOf(upload.uploaderUid);
    await this.deps
      .db('profile_pictures')
      .insert({ firebase_uid: upload.uploaderUid, picture_id: pictureId, updated_at: this.now() })
      .onConflict('firebase_uid')
      .merge();
    const profileImageUrl = profilePicturePath(upload.uploaderUid, pictureId);
    await this.deps.users.update(upload.uploaderUid, { profileImageUrl }, this.now());
    if (previous) await rm(this.deps.paths.picture(previous), { force: true });
    return { profileImageUrl };
  }

  private async pictureIdOf(uid: string): Promise<string | null> {
    const row: { picture_id: string } | undefined = await this.deps
      .db('profile_pictures')
      .where('firebase_uid', uid)
      .first();
    return row?.picture_id ?? null;
  }

  /** The stored picture of a person with a profile; 404 otherwise. */
  async file(uid: string): Promise<string> {
    const pictureId = await this.pictureIdOf(uid);
    if (!pictureId) throw pictureNotFound();
    return this.deps.paths.picture(pictureId);
  }

  async remove(uid: string): Promise<void> {
    const pictureId = await this.pictureIdOf(uid);
    if (!pictureId) return;
    await this.deps.db('profile_pictures').where('firebase_uid', uid).delete();
    await this.deps.users.update(uid, { profileImageUrl: '' }, this.now());
    await rm(this.deps.paths.picture(pictureId), { force: true });
  }
}
