import type { Setting } from '@riffroom/protocol/config';
import { z } from 'zod';

/**
 * Projects and their files (issue 36, docs/projects.md): where uploads live, how large one may be,
 * how much one person may store, and how much ffmpeg work runs at once. One table, so the schema,
 * the environment mapping and the documentation cannot drift apart.
 */
export const FILES = {
  uploadMaxBytes: {
    env: 'UPLOAD_MAX_BYTES',
    default: 2 * 1024 ** 3,
    meaning: 'the largest file one upload may declare (`Upload-Length`); refused before its first byte',
  },
  quotaBytesPerPerson: {
    env: 'STORAGE_QUOTA_BYTES',
    default: 20 * 1024 ** 3,
    meaning: "what one person's uploads may take in all, finished and under way; refused before the first byte",
  },
  pendingUploadsPerPerson: {
    env: 'UPLOADS_PENDING_PER_PERSON',
    default: 20,
    meaning: 'unfinished uploads one person may have at once',
  },
  projectsPerPerson: {
    env: 'PROJECTS_PER_PERSON',
    default: 100,
    meaning: 'projects one person may own',
  },
  membersPerProject: {
    env: 'PROJECT_MEMBERS_MAX',
    default: 50,
    meaning: 'members one project may have besides its owner',
  },
  prepareJobs: {
    env: 'FILE_PREPARE_JOBS',
    default: 1,
    meaning: 'uploaded files measured and previewed (ffmpeg) at once, per API process; the rest wait in line',
  },
  unfinishedUploadHours: {
    env: 'UPLOAD_EXPIRY_HOURS',
    default: 72,
    meaning: 'an upload not finished within this many hours is deleted and frees its place in the quota',
  },
  pictureMaxBytes: {
    env: 'PROFILE_PICTURE_MAX_BYTES',
    default: 10 * 1024 ** 2,
    meaning: 'the largest profile picture one upload may declare; it is stored re-encoded as a 512 px square JPEG',
  },
} as const;

const count = (fallback: number, min = 0) =>
  z.coerce.number().int().min(min).max(Number.MAX_SAFE_INTEGER).default(fallback);

export const filesConfigSchema = z.strictObject({
  /** Unset: `<dataDir>/files`. Scaled out, a volume every API process mounts. */
  dir: z.string().min(1).optional(),
  ffmpegBin: z.string().min(1).default('ffmpeg'),
  ffprobeBin: z.string().min(1).default('ffprobe'),
  uploadMaxBytes: count(FILES.uploadMaxBytes.default, 1),
  quotaBytesPerPerson: count(FILES.quotaBytesPerPerson.default, 0),
  pendingUploadsPerPerson: count(FILES.pendingUploadsPerPerson.default, 1),
  projectsPerPerson: count(FILES.projectsPerPerson.default, 1),
  membersPerProject: count(FILES.membersPerProject.default, 1),
  prepareJobs: count(FILES.prepareJobs.default, 1),
  unfinishedUploadHours: count(FILES.unfinishedUploadHours.default, 1),
  pictureMaxBytes: count(FILES.pictureMaxBytes.default, 1),
});
export type FilesConfig = z.infer<typeof filesConfigSchema>;

export const FILES_SETTINGS: Setting[] = [
  {
    path: 'files.dir',
    env: 'FILES_DIR',
    defaultNote: '`<dataDir>/files`',
    meaning: 'Where project uploads, their previews and waveforms live; scaled out, a volume every API process mounts',
  },
  {
    path: 'files.ffmpegBin',
    env: 'FFMPEG_BIN',
    default: 'ffmpeg',
    meaning: 'The ffmpeg that measures and previews uploads',
  },
  {
    path: 'files.ffprobeBin',
    env: 'FFPROBE_BIN',
    default: 'ffprobe',
    meaning: 'The ffprobe that checks an upload is audio',
  },
  ...Object.entries(FILES).map(([name, row]) => ({
    path: `files.${name}`,
    env: row.env,
    default: String(row.default),
    meaning: row.meaning[0]!.toUpperCase() + row.meaning.slice(1),
  })),
];
