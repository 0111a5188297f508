import type { ProjectFile } from '@riffroom/protocol';
import { AppError, notFound } from '../errors.js';
import type { ApiLimits } from '../limits/api-limits.js';
import type { ProjectFilesRepository } from '../repositories/project-files.js';
import type { ProjectService } from '../services/projects.js';
import type { RecordingService } from '../services/recordings.js';
import { NotAudioError } from './audio-probe.js';
import { storeVersion, type VersionStore } from './store-version.js';
import { assertWithinStorage } from './upload-allowance.js';

const notAudio = (message: string) => new AppError(415, 'file/not-audio', message);

/**
 * A room's recording, into a project (issue 36): one of its tracks (the program mix, a person's
 * stem) becomes the next version of a project's track, or a new track, as if it had been uploaded:
 * hashed, probed, prepared, with its comments and A/B compare. The recording keeps its own copy.
 * Who may: someone who may download that track (its host, or a member it was shared with) and who
 * is in the project; it counts against their storage like an upload, within UPLOAD_MAX_BYTES and
 * RATE_UPLOADS_PER_USER.
 */
export class RecordingIntoProject {
  constructor(
    private readonly deps: {
      recordings: RecordingService;
      projects: ProjectService;
      files: ProjectFilesRepository;
      store: VersionStore;
      limits: ApiLimits;
      uploadMaxBytes: number;
      quotaBytesPerPerson: number;
    },
  ) {}

  async add(
    uid: string,
    projectId: string,
    take: { recordingId: string; file: string; trackId?: string },
  ): Promise<ProjectFile> {
    const track = await this.deps.recordings.trackFile(uid, take.recordingId, take.file);
    // The screen's video is not a version of a song; its sound is in the program track.
    if (track.track.kind === 'screen') throw notAudio('A screen recording is not audio: add its program track.');
    await this.deps.projects.access(uid, projectId);
    if (take.trackId && !(await this.deps.files.trackInProject(projectId, take.trackId))) {
      throw notFound('file/not-found', 'No such track in this project.');
    }
    this.deps.limits.take('uploadsPerUser', uid);
    await assertWithinStorage(this.deps.files, uid, track.size, this.deps);
    try {
      return await storeVersion(this.deps.store, {
        source: track.file,
        take: 'copy',
        projectId,
        trackId: take.trackId ?? null,
        filename: `${take.recordingId}-${track.track.file}`,
        uploaderUid: uid,
        sizeBytes: track.size,
      });
    } catch (error) {
      if (error instanceof NotAudioError) throw notAudio(error.message);
      throw error;
    }
  }
}
