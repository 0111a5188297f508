import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Recording } from '@riffroom/protocol';
import { createTransport, joinAsMember, loadDevice } from '../../bench/lib/wrtc-room-client.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { ClickClock, clickOnsetsS } from '../support/click-clock.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { decodedDurationS } from '../support/media-probe.js';
import { ask, createRoomAs } from '../support/room-sockets.js';
import { until } from '../support/until.js';
import { joinTalkback } from '../support/wrtc-talkback.js';

// Issue 34 item 15: with the share started before Record, program.ogg was 0.02-0.28 s longer than
// the talker stems, all of it at its head: its capture began before the recording's t=0, which was
// taken only once every capture already there had started and reported, while the stems are placed
// on that t=0. Now t=0 is where program.ogg begins (its first packet, on the worker's clock), and
// each stem is placed by its own first packet. A click leaves the program and a talker's mic at the
// same instant; in the files it must sit at the same time, within 20 ms, as a DAW lines them up.
const box = useInProcessBox();
const clock = new ClickClock();
const closers: Array<() => void> = [clock.stop.bind(clock)];
const downloads = mkdtempSync(path.join(tmpdir(), 'riffroom-stem-alignment-'));
afterAll(() => {
  for (const close of closers) close();
  rmSync(downloads, { recursive: true, force: true });
});

async function download(recordingId: string, file: string, token: string): Promise<string> {
  const response = await fetch(`${box.baseUrl}/api/recordings/${recordingId}/tracks/${file}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const saved = path.join(downloads, `${recordingId}-${file}`);
  writeFileSync(saved, Buffer.from(await response.arrayBuffer()));
  return saved;
}

describe('stems line up with the program audio (issue 34 item 15)', () => {
  it('a click at one instant sits at the same time in program.ogg and a talker’s stem', async () => {
    const host = await signUpUser(box, { name: 'Hana Host' });
    const talker = await signUpUser(box, { name: 'Tess Talker' });
    const roomId = await createRoomAs(box, host.idToken, { name: 'Clicks' });

    // The host shares program audio and a talker talks, both before Record.
    const hostMember = await joinAsMember(box.baseUrl, roomId, host.idToken);
    closers.push(() => hostMember.close());
    const send = await createTransport(hostMember, await loadDevice(hostMember), 'send');
    await send.produce({
      track: clock.source(2).createTrack() as unknown as MediaStreamTrack,
      codecOptions: { opusStereo: true, opusDtx: false },
      appData: { source: 'program-audio' },
    });
    const mic = await joinTalkback(await joinAsMember(box.baseUrl, roomId, talker.idToken));
    closers.push(() => (mic.close(), mic.member.close()));
    await mic.talk(0, { source: clock.source(1) });

    const started = await ask(hostMember.socket, 'recording:start', { roomId });
    expect(started).toMatchObject({ ok: true });
    const recording = box.realtime.recorders!.recordingOf(roomId)!;
    await until(() => Date.now() - recording.startedAtMs >= 4500, { timeoutMs: 15_000, what: '4.5 s recorded' });
    expect(await ask(hostMember.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
    const finished = await until(
      async () => {
        const list = await box.call('GET', '/api/recordings', { token: host.idToken });
        const found = (list.body.recordings as Recording[]).find((r) => r.id === started.data.recordingId);
        return found && found.status !== 'recording' ? found : null;
      },
      { timeoutMs: 30_000, what: 'the recording finished' },
    );
    expect(finished.status).toBe('complete');
    const stem = finished.tracks.find((track) => track.kind === 'talker')!;
    expect(finished.tracks.find((track) => track.file === 'program.ogg')).toMatchObject({ offsetMs: 0 });

    const programFile = await download(finished.id, 'program.ogg', host.idToken);
    const stemFile = await download(finished.id, stem.file, host.idToken);
    const program = await clickOnsetsS(programFile);
    const talked = await clickOnsetsS(stemFile);
    expect(program.length).toBeGreaterThanOrEqual(3);
    // Every click of the program is in the stem at the same time (clicks are 1 s apart).
    const apartMs = program.map((at) => Math.round(1000 * Math.min(...talked.map((other) => Math.abs(other - at)))));
    expect(
      apartMs.every((ms) => ms <= 20),
      `the stem's clicks are ${apartMs.join(', ')} ms from the program's`,
    ).toBe(true);
    // And they end together: the stem lasts as long as program.ogg (Stop reaches its ffmpeg a moment late).
    const [programS, stemS] = [await decodedDurationS(programFile), await decodedDurationS(stemFile)];
    expect(Math.abs(programS - stemS)).toBeLessThan(0.03);
  }, 90_000);
});
