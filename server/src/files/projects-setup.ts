import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ApiConfig } from '../config/schema.js';
import type { Db } from '../db/connect.js';
import type { EventBus } from '../events/event-bus.js';
import type { IdentityVerifier } from '../identity/types.js';
import type { ApiLimits } from '../limits/api-limits.js';
import type { Logger } from '../logger.js';
import type { Notifier } from '../notifications/notifier.js';
import { projectFilesRepository } from '../repositories/project-files.js';
import { projectsRepository } from '../repositories/projects.js';
import { listenLinksRepository } from '../repositories/listen-links.js';
import { ListenLinkService } from '../services/listen-links.js';
import { projectCommentsRepository } from '../repositories/project-comments.js';
import { ProjectCommentService } from '../services/project-comments.js';
import type { UsersRepository } from '../repositories/users.js';
import { ProjectService } from '../services/projects.js';
import { FilePaths } from './file-paths.js';
import { PrepareQueue } from './prepare-queue.js';
import { Uploads } from './tus-uploads.js';
import { RecordingIntoProject } from './recording-into-project.js';
import type { RecordingService } from '../services/recordings.js';
import { ProfilePictures } from './profile-pictures.js';
import { ShowcaseService } from '../services/showcase.js';

/** Unfinished uploads past their expiry are swept this often. */
const SWEEP_MS = 3600_000;

/**
 * Projects and their files (issue 36), put together for the API: the service, the bounded ffmpeg
 * queue (which picks up files an earlier process left preparing) and the tus uploads.
 */
export function createProjects(
  config: ApiConfig,
  parts: {
    db: Db;
    users: UsersRepository;
    bus: EventBus;
    logger: Logger;
    verifier: IdentityVerifier;
    notifier: Notifier;
  },
) {
  const settings = config.files;
  const paths = new FilePaths(settings.dir ?? path.join(config.dataDir, 'files'));
  // Owner-only, like everything in DATA_DIR: made here, before tus's file store would make it 0755.
  mkdirSync(paths.uploads, { recursive: true, mode: 0o700 });
  const files = projectFilesRepository(parts.db);
  const logger = parts.logger.child({ part: 'projects' });
  const queue = new PrepareQueue({
    files,
    paths,
    ffmpegBin: settings.ffmpegBin,
    concurrency: settings.prepareJobs,
    logger,
    onDone: () => {},
  });
  let uploads: Uploads | null = null;
  const projectRows = projectsRepository(parts.db);
  const projects = new ProjectService({
    projects: projectRows,
    files,
    users: parts.users,
    paths,
    notifier: parts.notifier,
    limits: settings,
    dropUpload: async (uploadId) => uploads?.drop(uploadId),
  });
  const pictures = new ProfilePictures({
    db: parts.db,
    users: parts.users,
    paths,
    ffmpegBin: settings.ffmpegBin,
    pictureMaxBytes: settings.pictureMaxBytes,
  });
  const listenLinks = new ListenLinkService(listenLinksRepository(parts.db), projectRows, projects);
  queue.resume().catch((error: unknown) => logger.error({ err: error }, 'could not resume preparing uploads'));
  let sweep: NodeJS.Timeout | null = null;
  return {
    paths,
    projects,
    listenLinks,
    pictures,
    showcase: new ShowcaseService(parts.db, files, parts.users),
    comments: new ProjectCommentService({
      comments: projectCommentsRepository(parts.db),
      projects,
      projectRows,
      listenLinks,
      users: parts.users,
      notifier: parts.notifier,
    }),
    queue,
    /** The tus uploads; they take from the API's rate limits, made after this. */
    uploadsWith(limits: ApiLimits): Uploads {
      uploads = new Uploads({
        ...settings,
        verifier: parts.verifier,
        projects,
        files,
        paths,
        limits,
        queue,
        pictures,
        logger,
        onStored: () => {},
      });
      const current = uploads;
      sweep = setInterval(() => {
        current.expireUnfinished().catch((error: unknown) => logger.error({ err: error }, 'upload expiry failed'));
      }, SWEEP_MS);
      sweep.unref();
      return uploads;
    },
    /** Recordings' tracks into projects; made after the recordings service and the rate limits. */
    recordingsInto(recordings: RecordingService, limits: ApiLimits): RecordingIntoProject {
      return new RecordingIntoProject({
        recordings,
        projects,
        files,
        store: { files, paths, ffprobeBin: settings.ffprobeBin, queue, onStored: () => {} },
        limits,
        uploadMaxBytes: settings.uploadMaxBytes,
        quotaBytesPerPerson: settings.quotaBytesPerPerson,
      });
    },
    close(): void {
      if (sweep) clearInterval(sweep);
      queue.close();
    },
  };
}
