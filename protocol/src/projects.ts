import { z } from 'zod';
import { singleLineText } from './text.js';
import { uidSchema } from './user.js';

/**
 * Projects (issue 36): the work between sessions. A project has an owner and members; its tracks
 * have versions (v1, v2, ...), each one uploaded file stored byte for byte under DATA_DIR/files,
 * probed, measured (EBU R128) and given a streaming preview and waveform peaks by the API's
 * bounded ffmpeg queue.
 */

export const PROJECT_ERROR_CODES = [
  'project/not-found',
  'project/not-owner',
  'project/too-many',
  'project/member-unknown',
  'file/not-found',
  'file/not-ready',
  'file/not-audio',
  'file/too-large',
  'file/over-quota',
  'file/too-many-uploads',
  'file/range-not-satisfiable',
  'comment/not-found',
  'comment/not-author',
  'comment/out-of-range',
  'file/not-image',
] as const;
export type ProjectErrorCode = (typeof PROJECT_ERROR_CODES)[number];

/** Ids the API makes (random, URL-safe); they also name directories under DATA_DIR/files. */
export const projectIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'must be a project id');
export const fileIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'must be a file id');
export const trackIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'must be a track id');

export const projectParamsSchema = z.object({ projectId: projectIdSchema });
export const projectFileParamsSchema = z.object({ projectId: projectIdSchema, fileId: fileIdSchema });
export const projectMemberParamsSchema = z.object({ projectId: projectIdSchema, uid: uidSchema });

/**
 * A file's name as uploaded: one line, no path parts (a `/`, `\` or a name of dots alone), so it
 * can only ever label the file, never say where it goes.
 */
export const uploadFileNameSchema = singleLineText()
  .min(1)
  .max(200)
  .refine((name) => !/[/\\]/.test(name) && !/^\.+$/.test(name), 'must be a file name without path parts');

export const projectNameSchema = singleLineText().min(1, 'Name is required').max(120);

export const createProjectBodySchema = z.object({ name: projectNameSchema });
export const inviteMemberBodySchema = z.object({ uid: uidSchema });

/**
 * What a tus upload says about itself (Upload-Metadata): which project, the file's name, and the
 * track it is a new version of (absent: a new track named after the file).
 */
export const uploadMetadataSchema = z.object({
  projectId: projectIdSchema,
  filename: uploadFileNameSchema,
  trackId: trackIdSchema.optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** A profile picture goes through the same tus endpoint, saying so in its Upload-Metadata. */
export const PROFILE_PICTURE_PURPOSE = 'profile-picture';
export const pictureUploadMetadataSchema = z.object({
  purpose: z.literal(PROFILE_PICTURE_PURPOSE),
  filename: uploadFileNameSchema,
});
/** Pictures are stored as this square JPEG, whatever was uploaded. */
export const PROFILE_PICTURE_SIZE_PX = 512;
export const pictureIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'must be a picture id');
/** Where anyone who can see a profile fetches its picture; `v` changes with every new picture. */
export const profilePicturePath = (uid: string, pictureId: string) =>
  `/api/users/${encodeURIComponent(uid)}/picture?v=${pictureId}`;

/** preparing: probed, loudness and preview queued or running; ready: playable; failed: ffmpeg could not. */
export const FILE_STATES = ['preparing', 'ready', 'failed'] as const;
export type FileState = z.infer<typeof fileStateSchema>;
const fileStateSchema = z.enum(FILE_STATES);

/** What ffprobe found in a stored file. */
export const audioInfoSchema = z.object({
  /** ffprobe's container name, e.g. 'wav', 'flac', 'mp3', 'mov,mp4,m4a,3gp,3g2,mj2', 'ogg'. */
  format: z.string(),
  /** The audio stream's codec, e.g. 'pcm_s24le', 'flac', 'mp3', 'aac', 'opus', 'vorbis'. */
  codec: z.string(),
  sampleRate: z.number().int().min(0),
  channels: z.number().int().min(0),
  /** Bits per sample of lossless audio; null for lossy codecs. */
  bitDepth: z.number().int().min(0).nullable(),
  durationMs: z.number().int().min(0),
});
export type AudioInfo = z.infer<typeof audioInfoSchema>;

/** One uploaded file: a version of a track. */
export const projectFileSchema = z.object({
  id: fileIdSchema,
  trackId: trackIdSchema,
  /** 1 for the track's first upload, then 2, 3, ... */
  version: z.number().int().min(1),
  name: z.string(),
  sizeBytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploaderUid: uidSchema,
  uploaderName: z.string(),
  createdAt: z.string(),
  state: fileStateSchema,
  /** Why preparing failed (ffmpeg's complaint, shortened); null otherwise. */
  message: z.string().nullable(),
  audio: audioInfoSchema,
  /** EBU R128 integrated loudness (LUFS) and true peak (dBTP), once measured. */
  loudnessLufs: z.number().nullable(),
  truePeakDbtp: z.number().nullable(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const projectTrackSchema = z.object({
  id: trackIdSchema,
  name: z.string(),
  createdAt: z.string(),
  /** Oldest first: versions[0] is v1. */
  versions: z.array(projectFileSchema),
});
export type ProjectTrack = z.infer<typeof projectTrackSchema>;

export const projectMemberSchema = z.object({ uid: uidSchema, name: z.string(), username: z.string() });

export const projectSummarySchema = z.object({
  id: projectIdSchema,
  name: z.string(),
  ownerUid: uidSchema,
  ownerName: z.string(),
  createdAt: z.string(),
  /** Whether the caller owns it (else they are a member). */
  owned: z.boolean(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const projectSchema = projectSummarySchema.extend({
  members: z.array(projectMemberSchema),
  tracks: z.array(projectTrackSchema),
});
export type Project = z.infer<typeof projectSchema>;

export const projectsResponseSchema = z.object({ projects: z.array(projectSummarySchema) });
export const projectResponseSchema = z.object({ project: projectSchema });

/** The caller's storage: what their uploads take and what they may take (docs/projects.md). */
export const storageUsageSchema = z.object({ usedBytes: z.number().int().min(0), quotaBytes: z.number().int().min(0) });

/** Waveform peaks (GET .../peaks): min/max pairs per bucket, normalised to -1..1, for wavesurfer. */
export const waveformPeaksSchema = z.object({
  durationMs: z.number().int().min(0),
  /** One array per channel shown (the file's channels mixed to one). */
  peaks: z.array(z.array(z.number().min(-1).max(1))),
});
export type WaveformPeaks = z.infer<typeof waveformPeaksSchema>;

/** Where the tus endpoint lives (uploads create at this path, resume at `<path>/<upload id>`). */
export const UPLOADS_PATH = '/api/uploads';

/** Listen links: a client without an account listens (and comments) until the link expires or is revoked. */
export const LISTEN_LINK_MAX_HOURS = 24 * 90;
export const listenTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{40,64}$/, 'must be a listen link');
export const listenLinkIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'must be a listen link id');
export const listenParamsSchema = z.object({ token: listenTokenSchema });
export const listenFileParamsSchema = z.object({ token: listenTokenSchema, fileId: fileIdSchema });
export const listenLinkParamsSchema = z.object({ projectId: projectIdSchema, linkId: listenLinkIdSchema });

export const createListenLinkBodySchema = z.object({
  /** Who it is for, so the owner can tell links apart ('Client: Jo'). */
  label: singleLineText().min(1).max(120),
  expiresInHours: z.number().int().min(1).max(LISTEN_LINK_MAX_HOURS),
});

export const listenLinkSchema = z.object({
  id: listenLinkIdSchema,
  label: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const listenLinksResponseSchema = z.object({ links: z.array(listenLinkSchema) });
/** The token is shown once, when the link is made; only its hash is stored. */
export const listenLinkCreatedSchema = z.object({ link: listenLinkSchema, token: listenTokenSchema });
