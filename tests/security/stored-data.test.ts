/**
 * Issue 14, items 11 and 13, against the real box: a requester's booking text cannot add lines to
 * the host's calendar feed, and everything the box keeps in DATA_DIR is readable by its owner only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnerOnlyDataDir } from '../../server/src/testing/owner-only.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { startBox, type Box } from '../support/box.js';
import { callerFrom, type AddressedCall } from '../support/http-from.js';

let box: Box;
let call: AddressedCall;
let root: string;
let dataDir: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'riffroom-stored-'));
  dataDir = path.join(root, 'data');
  // The box inherits this umask: the common 022, under which files come out world-readable by default.
  const umask = process.umask(0o022);
  try {
    box = await startBox({ DATA_DIR: dataDir });
  } finally {
    process.umask(umask);
  }
  call = callerFrom(box.baseUrl, '127.0.0.1');
});
afterAll(async () => {
  await box?.stop();
  rmSync(root, { recursive: true, force: true });
});

const jsonCall = () => ({ call: (method: string, route: string, options?: object) => call(method, route, options) });
const at = (hour: number) => new Date(Date.UTC(2031, 6, 1, hour)).toISOString();

describe('what the box stores', () => {
  it('keeps a requester’s carriage returns out of the lines of the host’s .ics feed', async () => {
    const host = await signUpUser(jsonCall(), { name: 'Feed Host' });
    const requester = await signUpUser(jsonCall(), { name: 'Sly Requester' });
    expect((await call('POST', `/api/user/follow/${host.user.uid}`, { token: requester.idToken })).status).toBe(204);
    const booking = { targetUser: host.user.uid, startTime: at(10), endTime: at(11) };

    // A one-line field with a carriage return is refused outright, storing nothing.
    const titled = await call('POST', '/sessions/request-booking', {
      token: requester.idToken,
      body: { ...booking, title: 'Mix\rATTENDEE:mailto:sly@example.test' },
    });
    expect(titled.status).toBe(400);
    expect((await call('GET', '/sessions/my-bookings', { token: host.idToken })).body.incoming).toEqual([]);

    const injected = 'Hi\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Free studio time\rDTSTART:20310101T000000Z';
    const asked = await call('POST', '/sessions/request-booking', {
      token: requester.idToken,
      body: { ...booking, message: injected },
    });
    expect(asked.status).toBe(201);
    const answered = await call('PATCH', `/sessions/respond-booking/${asked.body.booking._id}`, {
      token: host.idToken,
      body: { action: 'accept' },
    });
    expect(answered.status).toBe(200);

    const feed = await call('POST', '/api/calendar/feed', { token: host.idToken });
    const ics: string = (await call('GET', feed.body.path)).body;
    // Read as calendar apps do: a bare CR ends a line too; continuation lines are unfolded first.
    const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n|\r|\n/);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('SUMMARY:'))).toEqual(['SUMMARY:Booked session']);
    expect(lines.filter((line) => line.startsWith('DTSTART:'))).toEqual(['DTSTART:20310701T100000Z']);
    expect(lines).toContain(
      'DESCRIPTION:Hi\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Free studio time\\nDTSTART:20310101T000000Z',
    );
  });

  it('keeps DATA_DIR 0700 and every file in it 0600: the database, its -wal and -shm, and the key', () => {
    expectOwnerOnlyDataDir(dataDir);
  });
});
