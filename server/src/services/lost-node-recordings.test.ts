import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_CRASHED_MESSAGE, type RecordingTrack } from '@riffroom/protocol';
import { loadApiConfig } from '../config/load.js';
import { openDatabase, type Db } from '../db/connect.js';
import { createLogger } from '../logger.js';
import { recordingsRepository, type RecordingUpdate } from '../repositories/recordings.js';
import { usersRepository } from '../repositories/users.js';
import { LostNodeRecordingSweep, lostNodeMessage } from './lost-node-recordings.js';

// Scaled out, the API marks the recordings of a media node that never came back: only past the
// grace, with the files it can see, naming those it cannot, and never a row already marked.
const GRACE_MS = 60_000;
const T0 = Date.parse('2026-11-24T12:00:00Z');
let dataDir: string;
let recordingsDir: string;
let db: Db;
const repo = () => recordingsRepository(db);

const track = (file: string, kind: RecordingTrack['kind'], label: string): RecordingTrack => ({
  file,
  kind,
  label,
  userId: null,
  offsetMs: 0,
  bytes: 0,
});

async function recordingOn(id: string, nodeId: string, tracks: RecordingTrack[] = []) {
  await repo().insert({ id, roomId: 'room1', hostUid: 'host', startedAt: T0, nodeId });
  await repo().update(id, { status: 'recording', endedAt: null, durationMs: 0, tracks, message: null });
}

function writeTrack(id: string, file: string, bytes: number) {
  mkdirSync(path.join(recordingsDir, id), { recursive: true });
  writeFileSync(path.join(recordingsDir, id, file), Buffer.alloc(bytes, 1));
}

function sweeper(beats: Map<string, number>, clock: { now: number }) {
  return new LostNodeRecordingSweep(
    repo(),
    recordingsDir,
    { graceMs: GRACE_MS, lastBeats: async () => beats, now: () => clock.now },
    createLogger('silent'),
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-lost-node-'));
  recordingsDir = path.join(dataDir, 'recordings');
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  await usersRepository(db).insert('host', { user_email: 'host@example.test', user_username: 'host' }, 0);
});

afterAll(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the sweep of recordings whose media node never came back', () => {
  it('waits out the grace, then lists the files it can see and names the ones it cannot', async () => {
    await recordingOn('lostNodeRec01', 'node-gone', [
      track('program.ogg', 'program', 'Program audio'),
      track('screen.webm', 'screen', 'Screen'),
      track('talker-bob-raw.ogg', 'talker', 'Bob'),
    ]);
    await recordingOn('liveNodeRec01', 'node-live');
    writeTrack('lostNodeRec01', 'program.ogg', 4000);
    writeTrack('lostNodeRec01', 'talker-bob-raw.ogg', 1200);
    const lastBeat = T0 + 5000;
    const clock = { now: lastBeat + GRACE_MS - 1 };
    const beats = new Map([
      ['node-gone', lastBeat],
      ['node-live', clock.now],
    ]);
    const sweep = sweeper(beats, clock);

    expect(await sweep.sweep()).toEqual([]);
    clock.now = lastBeat + GRACE_MS;
    beats.set('node-live', clock.now);
    expect(await sweep.sweep()).toEqual(['lostNodeRec01']);

    const swept = await repo().find('lostNodeRec01');
    expect(swept).toMatchObject({ status: 'interrupted', sizeBytes: 5200 });
    expect(swept!.tracks).toEqual([
      { ...track('program.ogg', 'program', 'Program audio'), bytes: 4000, durationMs: null },
      { ...track('talker-bob-raw.ogg', 'talker', 'Bob'), bytes: 1200, durationMs: null },
    ]);
    expect(swept!.message).toBe(
      `${RECORDING_CRASHED_MESSAGE} Its media server (node-gone) did not come back; one track it recorded could not be found here and may still be on that server's disk: Screen.`,
    );
    // Ended at its last write (just now, on this disk).
    expect(Date.parse(swept!.endedAt!)).toBeGreaterThan(T0);
    expect((await repo().find('liveNodeRec01'))!.status).toBe('recording');
    // It ends as it should, out of the next tests' way.
    await repo().update('liveNodeRec01', { status: 'complete', endedAt: T0, durationMs: 1, tracks: [], message: null });
  });

  it('counts the grace from its own first look for a node the registry has forgotten', async () => {
    await recordingOn('forgottenRec01', 'node-forgotten');
    const clock = { now: T0 + 1000 };
    const sweep = sweeper(new Map(), clock);
    expect(await sweep.sweep()).toEqual([]);
    clock.now += GRACE_MS - 1;
    expect(await sweep.sweep()).toEqual([]);
    clock.now += 1;
    expect(await sweep.sweep()).toEqual(['forgottenRec01']);
    // Nothing reported, nothing on disk: nothing was recorded.
    expect(await repo().find('forgottenRec01')).toMatchObject({
      status: 'failed',
      tracks: [],
      message: lostNodeMessage('node-forgotten', []),
      endedAt: new Date(T0 + 1000).toISOString(),
    });
  });

  it('never marks a row twice: one its node marked first stays, two API processes mark the other once', async () => {
    await recordingOn('nodeMarkedIt01', 'node-late');
    await recordingOn('twoApisRec0001', 'node-late');
    // The node, starting again as the grace ran out, marked its own row first (crash-recovery.ts).
    const byNode: RecordingUpdate = {
      status: 'interrupted',
      endedAt: T0 + 10,
      durationMs: 10,
      tracks: [],
      message: 'by the node',
    };
    await repo().update('nodeMarkedIt01', byNode);
    const beats = new Map([['node-late', T0]]);
    const clock = { now: T0 + GRACE_MS };
    const marked = await Promise.all([sweeper(beats, clock).sweep(), sweeper(beats, clock).sweep()]);
    expect(marked.flat()).toEqual(['twoApisRec0001']);
    expect(await repo().find('nodeMarkedIt01')).toMatchObject({ message: 'by the node', durationMs: 10 });
    expect(await repo().updateIfRecording('twoApisRec0001', { ...byNode, message: 'again' })).toBe(false);
    expect((await repo().find('twoApisRec0001'))!.message).toBe(lostNodeMessage('node-late', []));
  });

  it('keeps its message within the column, however many tracks are missing', () => {
    const many = Array.from({ length: 40 }, (_, i) => track(`talker-${i}-raw.ogg`, 'talker', `Talker number ${i}`));
    const message = lostNodeMessage('node-x', many);
    expect(message.length).toBeLessThanOrEqual(500);
    expect(
      message.startsWith(`${RECORDING_CRASHED_MESSAGE} Its media server (node-x) did not come back; 40 tracks`),
    ).toBe(true);
  });
});
