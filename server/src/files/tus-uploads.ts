import { rm } from 'node:fs/promises';
import type http from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { Metadata } from '@tus/utils';
import {
  PROFILE_PICTURE_PURPOSE,
  UPLOADS_PATH,
  pictureUploadMetadataSchema,
  uploadMetadataSchema,
  type ProjectFile,
  type UploadMetadata,
} from '@riffroom/protocol';
import { AppError, badRequest, notFound, unauthorized } from '../errors.js';
import type { IdentityVerifier } from '../identity/types.js';
import type { ApiLimits } from '../limits/api-limits.js';
import type { Logger } from '../logger.js';
import type { ProjectFilesRepository } from '../repositories/project-files.js';
import { newId, type ProjectService } from '../services/projects.js';
import { NotAudioError } from './audio-probe.js';
import { storeVersion } from './store-version.js';
import { assertWithinStorage } from './upload-allowance.js';
import type { FilePaths } from './file-paths.js';
import type { PrepareQueue } from './prepare-queue.js';
import type { ProfilePictures } from './profile-pictures.js';

export interface UploadDeps {
  verifier: IdentityVerifier;
  projects: ProjectService;
  files: ProjectFilesRepository;
  paths: FilePaths;
  limits: ApiLimits;
  queue: PrepareQueue;
  /** Profile pictures come through the same endpoint (Upload-Metadata purpose 'profile-picture'). */
  pictures: ProfilePictures;
  ffprobeBin: string;
  uploadMaxBytes: number;
  quotaBytesPerPerson: number;
  pendingUploadsPerPerson: number;
  unfinishedUploadHours: number;
  logger: Logger;
  /** A new version is stored: the project's pages show it. */
  onStored: (file: ProjectFile & { projectId: string }) => void;
}

/** What tus sends back for a refusal: our usual error body, so the page shows the message. */
type TusError = { status_code: number; body: string };
const tusError = (error: AppError): TusError => ({
  status_code: error.status,
  body: JSON.stringify({ error: { code: error.code, message: error.message } }),
});
function asTusError(error: unknown): unknown {
  return error instanceof AppError ? tusError(error) : error;
}

const uploadNotFound = () => notFound('file/not-found', 'No such upload.');

/**
 * Resumable uploads (tus 1.0, @tus/server with its file store under FILES_DIR/uploads). Every
 * request is authorized before a byte is stored: a creation needs a verified caller who is in the
 * project, a declared length within UPLOAD_MAX_BYTES and their quota; a resume needs the same
 * person who created it. A finished upload is hashed, probed (not audio: refused and deleted),
 * moved into its project and queued for its preview.
 */
export class Uploads {
  private readonly server: Server;
  private readonly store: FileStore;

  constructor(private readonly deps: UploadDeps) {
    this.store = new FileStore({
      directory: deps.paths.uploads,
      expirationPeriodInMilliseconds: deps.unfinishedUploadHours * 3600_000,
    });
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.store,
      relativeLocation: true,
      // Same-origin only: the page and the API share an origin; no other site may upload.
      allowedOrigins: () => false,
      namingFunction: () => newId(),
      onIncomingRequest: async (req, uploadId) => {
        try {
          await this.authorize(req, uploadId);
        } catch (error) {
          throw asTusError(error);
        }
      },
      onUploadFinish: async (_req, upload) => {
        try {
          const answer = isPicture(upload.metadata)
            ? await this.deps.pictures.finish(upload.id, this.deps.paths.upload(upload.id))
            : { file: await this.storeFinished(upload) };
          return { status_code: 200, body: JSON.stringify(answer), headers: { 'Content-Type': 'application/json' } };
        } catch (error) {
          throw asTusError(error);
        }
      },
    });
  }

  /** Koa calls this for every request under UPLOADS_PATH; tus reads the raw Node request itself. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    return this.server.handle(req, res);
  }

  /** Removes an unfinished upload (its project was deleted). */
  async drop(uploadId: string): Promise<void> {
    await this.store.remove(uploadId).catch(() => {});
    await this.deps.files.deleteUpload(uploadId);
    await this.deps.pictures.dropUpload(uploadId);
  }

  /** Deletes uploads left unfinished past UPLOAD_EXPIRY_HOURS, freeing their place in the quota. */
  async expireUnfinished(now = Date.now()): Promise<number> {
    const cutoff = now - this.deps.unfinishedUploadHours * 3600_000;
    const stale = [
      ...(await this.deps.files.uploadsOlderThan(cutoff)),
      ...(await this.deps.pictures.uploadsOlderThan(cutoff)),
    ];
    for (const uploadId of stale) await this.drop(uploadId);
    return stale.length;
  }

  private async callerOf(req: Request): Promise<string> {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
    if (!match) throw unauthorized('auth/unauthenticated', 'Sign in required: send Authorization: Bearer <ID token>.');
    return (await this.deps.verifier.verifyIdToken(match[1]!)).uid;
  }

  private async authorize(req: Request, uploadId: string): Promise<void> {
    const uid = await this.callerOf(req);
    if (req.method !== 'POST') {
      const picture = await this.deps.pictures.findUpload(uploadId);
      if (picture) {
        if (picture.uploaderUid !== uid) throw uploadNotFound();
        return;
      }
      const upload = await this.deps.files.findUpload(uploadId);
      // Another person's upload, or one that never was, looks the same: 404.
      if (!upload || upload.uploaderUid !== uid) throw uploadNotFound();
      await this.deps.projects.access(uid, upload.projectId);
      return;
    }
    const raw = rawMetadata(req.headers.get('upload-metadata'));
    if (isPicture(raw)) {
      const parsed = pictureUploadMetadataSchema.safeParse(raw);
      if (!parsed.success)
        throw badRequest('validation/invalid-body', 'Upload-Metadata: a picture needs its filename.');
      await this.deps.pictures.authorizeCreate(uid, uploadId, declaredLength(req), this.deps.limits);
      return;
    }
    const metadata = parseMetadata(raw);
    await this.deps.projects.access(uid, metadata.projectId);
    if (metadata.trackId && !(await this.deps.files.trackInProject(metadata.projectId, metadata.trackId))) {
      throw notFound('file/not-found', 'No such track in this project.');
    }
    const declared = declaredLength(req);
    this.deps.limits.take('uploadsPerUser', uid);
    if ((await this.deps.files.countUploadsOf(uid)) >= this.deps.pendingUploadsPerPerson) {
      throw new AppError(429, 'file/too-many-uploads', 'Finish or cancel some of your uploads first.');
    }
    await assertWithinStorage(this.deps.files, uid, declared, this.deps);
    await this.deps.files.insertUpload({
      id: uploadId,
      projectId: metadata.projectId,
      uploaderUid: uid,
      sizeBytes: declared,
      at: Date.now(),
    });
  }

  /** A finished upload: hashed, probed, and stored as the next version of its track. */
  private async storeFinished(upload: Upload) {
    const pending = await this.deps.files.findUpload(upload.id);
    if (!pending) throw uploadNotFound();
    const metadata = uploadMetadataSchema.parse(upload.metadata ?? {});
    const source = this.deps.paths.upload(upload.id);
    let file;
    try {
      file = await storeVersion(this.deps, {
        source,
        take: 'move',
        projectId: metadata.projectId,
        trackId: metadata.trackId ?? null,
        filename: metadata.filename,
        uploaderUid: pending.uploaderUid,
        sizeBytes: upload.size ?? 0,
      });
    } catch (error) {
      if (!(error instanceof NotAudioError)) throw error;
      await this.drop(upload.id);
      throw new AppError(415, 'file/not-audio', error.message);
    }
    await rm(`${source}.json`, { force: true });
    await this.deps.files.deleteUpload(upload.id);
    return file;
  }
}

function rawMetadata(header: string | null): Record<string, string | null> {
  try {
    return Metadata.parse(header ?? undefined);
  } catch {
    throw badRequest('validation/invalid-body', 'Upload-Metadata is not valid.');
  }
}

const isPicture = (metadata: Record<string, string | null> | undefined) =>
  metadata?.purpose === PROFILE_PICTURE_PURPOSE;

function declaredLength(req: Request): number {
  const declared = Number(req.headers.get('upload-length'));
  if (!Number.isSafeInteger(declared) || declared < 1) {
    throw badRequest(
      'validation/invalid-body',
      'Upload-Length: say how large the file is (deferred lengths are not taken).',
    );
  }
  return declared;
}

function parseMetadata(raw: Record<string, string | null>): UploadMetadata {
  const parsed = uploadMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest('validation/invalid-body', `Upload-Metadata ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}
