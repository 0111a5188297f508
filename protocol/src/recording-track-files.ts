import type { RecordingTrack } from './recordings.js';

/**
 * What a track file found in a recording's directory is, when its recording ended without a
 * report (a crash): the media node at its next start and, for a node that never comes back, the
 * API read the same names the recorder writes (docs/rooms-and-recording.md "Talkback").
 */

/** 'Program audio', 'Screen', with the take number when the host shared more than once. */
export function trackLabel(kind: 'program' | 'screen', file: string): string {
  const take = /-(\d+)\.\w+$/.exec(file)?.[1];
  const name = kind === 'program' ? 'Program audio' : 'Screen';
  return take ? `${name} (${take})` : name;
}

export type FoundTrackDescription = Pick<RecordingTrack, 'kind' | 'label' | 'userId' | 'offsetMs'>;

/**
 * A found file as the recording's last report described it (label, talker, offset), or, for one it
 * never reported (a capture that began as its node died), as its name says.
 */
export function describeFoundTrack(file: string, reported: readonly RecordingTrack[]): FoundTrackDescription {
  const known = reported.find((track) => track.file === file);
  if (known) return { kind: known.kind, label: known.label, userId: known.userId, offsetMs: known.offsetMs };
  if (/^program(-\d+)?\.ogg$/.test(file))
    return { kind: 'program', label: trackLabel('program', file), userId: null, offsetMs: 0 };
  if (/^screen(-\d+)?\.webm$/.test(file))
    return { kind: 'screen', label: trackLabel('screen', file), userId: null, offsetMs: 0 };
  if (file === 'mix.ogg') return { kind: 'mix', label: 'Rough mix', userId: null, offsetMs: 0 };
  return { kind: 'talker', label: 'Talker', userId: null, offsetMs: 0 };
}
