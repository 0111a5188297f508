import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { InternalRecordingUpdate, OrphanedRecording, Recording, RecordingTrack } from '@riffroom/protocol';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { Logger } from '../logger.js';
import type { RecordingRecord, RecordingsRepository } from '../repositories/recordings.js';

export interface RecordingRetention {
  /** RECORDINGS_MAX_BYTES, every host's together; 0: no limit. */
  maxBytes: number;
  /** RECORDINGS_HOST_MAX_BYTES, each host's own; 0: no limit. */
  hostMaxBytes: number;
  /** RECORDINGS_MAX_AGE_DAYS; 0: no limit. */
  maxAgeDays: number;
}

const DAY_MS = 24 * 3600 * 1000;
const notFoundError = () => notFound('recording/not-found', 'Recording not found.');

/** A track file opened for download: where it is and how big. */
export interface TrackFile {
  track: RecordingTrack;
  file: string;
  size: number;
}

/**
 * The rules of recordings: only the host and the members it shared a recording with may list and
 * download it (anyone else gets 404, as if it did not exist); only the host shares and deletes.
 * The files live in `<dir>/<id>/`, written by the media node that recorded.
 */
export class RecordingService {
  constructor(
    private readonly repo: RecordingsRepository,
    /** DATA_DIR/recordings. */
    readonly dir: string,
    private readonly retention: RecordingRetention,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async list(uid: string): Promise<Recording[]> {
    const records = await this.repo.visibleTo(uid);
    return Promise.all(records.map(async (record) => this.withShares(record, uid)));
  }

  async share(uid: string, id: string, uids: string[]): Promise<Recording> {
    const record = await this.hostsOwn(uid, id);
    const wanted = [...new Set(uids.filter((other) => other !== uid))];
    const members = new Set(await this.repo.roomMembers(record.roomId, wanted));
    const outsiders = wanted.filter((other) => !members.has(other));
    if (outsiders.length > 0) {
      throw badRequest('validation/invalid-body', 'A recording can be shared only with members of its room.');
    }
    await this.repo.setShares(id, wanted);
    return this.withShares(record, uid);
  }

  /** The share list and the members to choose from, for the host's eyes only. */
  private async withShares(record: RecordingRecord, uid: string): Promise<Recording> {
    if (record.hostUid !== uid) return { ...record, sharedWith: [], members: [] };
    return {
      ...record,
      sharedWith: await this.repo.sharedWith(record.id),
      members: await this.repo.members(record.roomId, uid),
    };
  }

  /** One track's file, for the host or a member it was shared with. */
  async trackFile(uid: string, id: string, fileName: string): Promise<TrackFile> {
    const record = await this.visible(uid, id);
    const track = record.tracks.find((candidate) => candidate.file === fileName);
    if (!track) throw notFound('recording/not-found', 'No such track in this recording.');
    const file = path.join(this.dir, record.id, track.file);
    try {
      return { track, file, size: (await stat(file)).size };
    } catch {
      throw notFound('recording/not-found', 'That track file is gone.');
    }
  }

  /** Every track that still has its file, for the .zip. */
  async trackFiles(uid: string, id: string): Promise<{ record: RecordingRecord; files: TrackFile[] }> {
    const record = await this.visible(uid, id);
    const files: TrackFile[] = [];
    for (const track of record.tracks) {
      const file = path.join(this.dir, record.id, track.file);
      const size = await stat(file).then(
        (found) => found.size,
        () => null,
      );
      if (size !== null) files.push({ track, file, size });
    }
    return { record, files };
  }

  async delete(uid: string, id: string): Promise<void> {
    const record = await this.hostsOwn(uid, id);
    if (record.status === 'recording') {
      throw conflict('recording/in-progress', 'Stop the recording before deleting it.');
    }
    await this.remove(record);
  }

  /** Internal (the media node): a recording started. */
  async started(recording: {
    id: string;
    roomId: string;
    hostUid: string;
    startedAt: string;
    nodeId?: string;
  }): Promise<void> {
    await this.repo.insert({ ...recording, startedAt: Date.parse(recording.startedAt) });
  }

  /**
   * Internal (a media node starting): its recordings still 'recording', which it no longer runs
   * (a crash left them); it lists what is on disk and reports them interrupted.
   */
  async orphaned(nodeId: string, everyNode: boolean): Promise<OrphanedRecording[]> {
    const records = await this.repo.stillRecording(nodeId, everyNode);
    return records.map(({ id, startedAt, durationMs, tracks }) => ({ id, startedAt, durationMs, tracks }));
  }

  /** Internal (the media node): its tracks so far, or its end. A finished one may make room for itself. */
  async updated(id: string, update: InternalRecordingUpdate): Promise<void> {
    await this.repo.update(id, { ...update, endedAt: update.endedAt === null ? null : Date.parse(update.endedAt) });
    if (update.status !== 'recording') await this.applyRetention(id);
  }

  /**
   * Internal (the media node): how many more bytes `recordingId` of `hostUid` may write. The host's
   * own finished recordings do not count, as retention deletes the oldest of them to make room
   * once it ends; everything else does, running or finished: other hosts' recordings are never
   * deleted to make room. Null when neither limit is set.
   */
  async allowance(hostUid: string, recordingId: string): Promise<number | null> {
    const { maxBytes, hostMaxBytes } = this.retention;
    if (maxBytes === 0 && hostMaxBytes === 0) return null;
    const sizes = await this.repo.sizes();
    const others = sizes.filter((row) => row.hostUid !== hostUid).reduce((sum, row) => sum + row.sizeBytes, 0);
    const ownRunning = sizes
      .filter((row) => row.hostUid === hostUid && row.status === 'recording' && row.id !== recordingId)
      .reduce((sum, row) => sum + row.sizeBytes, 0);
    const limits: number[] = [];
    if (maxBytes > 0) limits.push(maxBytes - others - ownRunning);
    if (hostMaxBytes > 0) limits.push(hostMaxBytes - ownRunning);
    return Math.min(...limits);
  }

  /**
   * RECORDINGS_MAX_AGE_DAYS, then the size limits, oldest finished first, each host paying for its
   * own: a host over RECORDINGS_HOST_MAX_BYTES loses its own oldest recordings; past
   * RECORDINGS_MAX_BYTES only the host whose recording `justFinished` is does (the media node
   * stops a recording before it takes more than its share). A recording in progress, and the one
   * that just finished, are never deleted; the free-space reserve guards the disk meanwhile.
   */
  async applyRetention(justFinished?: string): Promise<number> {
    const { maxBytes, hostMaxBytes, maxAgeDays } = this.retention;
    if (maxBytes === 0 && hostMaxBytes === 0 && maxAgeDays === 0) return 0;
    let removed = 0;
    const finished = await this.repo.finishedOldestFirst();
    const kept: RecordingRecord[] = [];
    for (const record of finished) {
      const tooOld = maxAgeDays > 0 && Date.parse(record.startedAt) < this.now() - maxAgeDays * DAY_MS;
      if (tooOld && record.id !== justFinished) {
        await this.removeByRetention(record, 'too old');
        removed += 1;
      } else kept.push(record);
    }
    const finisher = kept.find((record) => record.id === justFinished)?.hostUid;
    const sizes = await this.repo.sizes();
    let total = sizes.reduce((sum, row) => sum + row.sizeBytes, 0);
    const byHost = new Map<string, number>();
    for (const row of sizes) byHost.set(row.hostUid, (byHost.get(row.hostUid) ?? 0) + row.sizeBytes);
    for (const record of kept) {
      if (record.id === justFinished) continue;
      const hostBytes = byHost.get(record.hostUid) ?? 0;
      const overHost = hostMaxBytes > 0 && hostBytes > hostMaxBytes;
      const overTotal = maxBytes > 0 && total > maxBytes && record.hostUid === finisher;
      if (!overHost && !overTotal) continue;
      await this.removeByRetention(record, overHost ? 'over the host’s space' : 'over the total space');
      total -= record.sizeBytes;
      byHost.set(record.hostUid, hostBytes - record.sizeBytes);
      removed += 1;
    }
    return removed;
  }

  private async removeByRetention(record: RecordingRecord, why: string): Promise<void> {
    await this.remove(record);
    this.logger.info({ recordingId: record.id, why }, 'recording deleted by the retention settings');
  }

  private async remove(record: RecordingRecord): Promise<void> {
    // The files first: a row without files would list downloads that 404.
    await rm(path.join(this.dir, record.id), { recursive: true, force: true });
    await this.repo.delete(record.id);
  }

  private async visible(uid: string, id: string): Promise<RecordingRecord> {
    const record = await this.repo.find(id);
    if (!record) throw notFoundError();
    if (record.hostUid !== uid && !(await this.repo.isSharedWith(id, uid))) throw notFoundError();
    return record;
  }

  private async hostsOwn(uid: string, id: string): Promise<RecordingRecord> {
    const record = await this.visible(uid, id);
    if (record.hostUid !== uid) throw forbidden('recording/not-host', 'Only the host of a recording can do that.');
    return record;
  }
}
