import { z } from 'zod';
import { roomIdSchema } from './rooms.js';
import { uidSchema } from './user.js';
import { mediaNodeIdSchema } from './scale-out.js';

/**
 * Session recording and stems (issue 17): the host records a room; the media node writes one file
 * per track under DATA_DIR/recordings/<id>/ and reports to the API, which lists, shares, serves
 * and deletes them.
 */

export const RECORDING_STATUSES = ['recording', 'complete', 'interrupted', 'failed'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** program: the host's stereo Opus as sent; screen: VP8; talker: one person's talkback; mix: a preview. */
export const RECORDING_TRACK_KINDS = ['program', 'screen', 'talker', 'mix'] as const;
export type RecordingTrackKind = (typeof RECORDING_TRACK_KINDS)[number];

/** The '● Recording' indicator's text (every member sees it while a recording runs). */
export const RECORDING_INDICATOR = '● Recording';

/** A recording's id: what the media node names its directory, so nothing but these characters. */
export const recordingIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a recording id');
export const recordingIdParamsSchema = z.object({ recordingId: recordingIdSchema });

/** A track's file name inside the recording's directory: never a path. `.raw.ogg`: a talker's raw segment. */
export const trackFileSchema = z
  .string()
  .max(120)
  .regex(/^[A-Za-z0-9_-]+(\.raw)?\.(ogg|webm)$/, 'must be a track file name');
export const recordingTrackParamsSchema = z.object({ recordingId: recordingIdSchema, file: trackFileSchema });

export const recordingTrackSchema = z.object({
  file: trackFileSchema,
  kind: z.enum(RECORDING_TRACK_KINDS),
  /** What the list shows: 'Program audio', 'Screen', the talker's name, 'Rough mix'. */
  label: z.string().max(200),
  /** The talker's uid (talker stems only). */
  userId: z.string().max(128).nullable().default(null),
  /**
   * Where the file starts on the recording's timeline, in ms. Talker stems and the mix are padded
   * to start at 0; program and screen are copied as sent, so a source shared after Record starts later.
   */
  offsetMs: z.number().int().min(0).default(0),
  bytes: z.number().int().min(0),
  /** How long the file plays, in ms, when known (listed for a recording found interrupted after a crash). */
  durationMs: z.number().int().min(0).nullable().optional(),
});
export type RecordingTrack = z.infer<typeof recordingTrackSchema>;

export const recordingSchema = z.object({
  id: recordingIdSchema,
  roomId: roomIdSchema,
  /** The room's name when it was recorded ('' if the room is gone). */
  roomName: z.string(),
  hostUid: uidSchema,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationMs: z.number().int().min(0),
  tracks: z.array(recordingTrackSchema),
  sizeBytes: z.number().int().min(0),
  status: z.enum(RECORDING_STATUSES),
  /** Why a recording stopped on its own (disk full, ffmpeg or the worker died); null otherwise. */
  message: z.string().nullable(),
  /** The members the host shared it with (only the host sees this list filled). */
  sharedWith: z.array(uidSchema),
  /** Who the host can share it with: the signed-in members of its room (only the host sees these). */
  members: z.array(z.object({ uid: uidSchema, name: z.string() })),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingsResponseSchema = z.object({ recordings: z.array(recordingSchema) });
export const recordingResponseSchema = z.object({ recording: recordingSchema });

/** PUT /api/recordings/:recordingId/share: the full list of members who may list and download it. */
export const shareRecordingBodySchema = z.object({ uids: z.array(uidSchema).max(200) });

/** The recording state every member of a live room knows (join-room's answer, recording-state). */
export const liveRecordingSchema = z.object({
  recordingId: recordingIdSchema,
  startedAt: z.string(),
});
export type LiveRecording = z.infer<typeof liveRecordingSchema>;

/** recording-state (server to the room): null once the recording stopped. */
export interface RecordingState {
  recording: LiveRecording | null;
  /** To tell the host why a recording stopped on its own (disk full, a failure). */
  message?: string;
}

/** The host's message when the disk fills up during a recording. */
export const RECORDING_DISK_FULL_MESSAGE = 'Recording stopped: the server is running out of disk space.';
export const RECORDING_NO_SPACE_MESSAGE = 'Cannot record: the server does not have enough free disk space.';
export const RECORDING_INTERRUPTED_MESSAGE =
  'Recording interrupted: the recorder stopped unexpectedly. What was recorded so far is kept.';
/** Record on a box whose ffmpeg is missing or broken (FFMPEG_BIN): refused before anything starts. */
export const RECORDING_NO_RECORDER_MESSAGE =
  'Cannot record: the server’s recorder (ffmpeg) is missing or broken. Ask the server’s operator to install ffmpeg (npm run doctor checks it).';
/** The host already records another room: one recording runs per host. */
export const RECORDING_HOST_BUSY_MESSAGE =
  'Cannot record: you are already recording another room. Stop that one first.';
/** The node runs as many ffmpeg captures as RECORDING_MAX_CAPTURES allows. */
export const RECORDING_SERVER_BUSY_MESSAGE =
  'Cannot record: the server is recording as much as it can right now. Try again later.';
/** RECORDINGS_MAX_BYTES / RECORDINGS_HOST_MAX_BYTES leave this host nothing. */
export const RECORDING_NO_QUOTA_MESSAGE = 'Cannot record: there is no recording space left for you on this server.';
/** A running recording reached the host's share of the recording space. */
export const RECORDING_QUOTA_MESSAGE =
  'Recording stopped: it reached the recording space this server allows you. What was recorded so far is kept.';
/** Record pressed too often (RECORDING_STARTS_PER_MINUTE). */
export const RECORDING_TOO_OFTEN_MESSAGE = 'You are starting recordings too often. Wait a moment and try again.';

/**
 * A recording found still running when its node started again (the box or the node crashed): its
 * files play up to the crash; the talkback stems could not be aligned, so each talker's raw segments are listed.
 */
export const RECORDING_CRASHED_MESSAGE =
  'Recording interrupted: the server stopped while recording. What was recorded so far is kept; talkback is in raw segments, not aligned.';

/** Internal: a media node started a recording (the API adds its row). */
export const internalRecordingStartedSchema = z.object({
  id: recordingIdSchema,
  roomId: roomIdSchema,
  hostUid: uidSchema,
  startedAt: z.string(),
  /** The node that records (its NODE_ID): after a crash it marks only its own rows interrupted. */
  nodeId: mediaNodeIdSchema.optional(),
});

/**
 * Internal: how many more bytes a running (or starting) recording of `hostUid` may write, under
 * RECORDINGS_MAX_BYTES and RECORDINGS_HOST_MAX_BYTES; null when neither is set.
 */
export const internalRecordingAllowanceBodySchema = z.object({
  hostUid: uidSchema,
  recordingId: recordingIdSchema,
});
export const internalRecordingAllowanceResponseSchema = z.object({
  allowanceBytes: z.number().int().nullable(),
});

/**
 * Internal: a media node starting asks for the recordings it left 'recording' (it runs none yet);
 * `everyNode` on a single box, whose one node runs every recording.
 */
export const internalOrphanedRecordingsBodySchema = z.object({
  nodeId: mediaNodeIdSchema,
  everyNode: z.boolean().default(false),
});
export const orphanedRecordingSchema = z.object({
  id: recordingIdSchema,
  startedAt: z.string(),
  durationMs: z.number().int().min(0),
  tracks: z.array(recordingTrackSchema),
});
export type OrphanedRecording = z.infer<typeof orphanedRecordingSchema>;
export const internalOrphanedRecordingsResponseSchema = z.object({ recordings: z.array(orphanedRecordingSchema) });

/** Internal: a media node's news of a recording (tracks so far, or the end). */
export const internalRecordingUpdateSchema = z.object({
  status: z.enum(RECORDING_STATUSES),
  endedAt: z.string().nullable(),
  durationMs: z.number().int().min(0),
  tracks: z.array(recordingTrackSchema),
  message: z.string().max(500).nullable(),
});
export type InternalRecordingUpdate = z.infer<typeof internalRecordingUpdateSchema>;
