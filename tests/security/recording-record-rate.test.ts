import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_TOO_OFTEN_MESSAGE } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, CLIENT_DTLS, createRoomAs, produceAs, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';

// Issue 34 item 9: 60 Record/Stop cycles took 226 ms and left 60 empty 'complete' rows and 60
// folders. Record is rate-limited per host (RECORDING_STARTS_BURST, RECORDING_STARTS_PER_MINUTE:
// 3, then 6 a minute), and a recording that captured nothing leaves no row and no folder.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Cy Cycler' });
});
afterEach(() => sockets.closeAll());

describe('Record and Stop in a loop', () => {
  it('is refused past the burst, and the empty recordings leave no row and no folder', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await sockets.joined(roomId, host.idToken);
    // Producers with hand-written parameters that never send anything.
    const send = await ask(h.socket, 'sfu:create-transport', { roomId, direction: 'send' });
    await ask(h.socket, 'sfu:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
    for (const source of ['program-audio', 'screen'] as const) await produceAs(h.socket, roomId, send.data.id, source);

    const answers: string[] = [];
    for (let cycle = 0; cycle < 20; cycle += 1) {
      const start = await ask(h.socket, 'recording:start', { roomId });
      answers.push(start.ok ? 'ok' : start.code!);
      if (!start.ok) {
        expect(start).toMatchObject({ code: 'rate/limited', message: RECORDING_TOO_OFTEN_MESSAGE });
        continue;
      }
      expect(await ask(h.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
    }
    expect(answers.filter((answer) => answer === 'ok')).toHaveLength(3);
    expect(answers.slice(3).every((answer) => answer === 'rate/limited')).toBe(true);

    // Nothing was captured: once the recorders are done, no row and no folder.
    await until(() => box.realtime.recorders!.recordingOf(roomId) === undefined, { what: 'the recorders idle' });
    const dir = path.join(box.dataDir, 'recordings');
    await until(() => !existsSync(dir) || readdirSync(dir).length === 0, { what: 'no recording folders' });
    const listed = await box.call('GET', '/api/recordings', { token: host.idToken });
    expect(listed.body.recordings).toEqual([]);
  });
});
