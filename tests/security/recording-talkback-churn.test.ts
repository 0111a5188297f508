import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '@riffroom/protocol';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, CLIENT_DTLS, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';
import { startTalkbackSource, type TalkbackSource } from '../support/talkback-source.js';
import { until } from '../support/until.js';

// Issue 34 item 2: a viewer's talkback:produce then talkback:stop within 0.2 s (or a closed tab)
// made the host's recording 'interrupted'. A producer that closes while its capture starts ends
// that capture only, and one track failing never interrupts the recording.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
const sources: TalkbackSource[] = [];
let host: Awaited<ReturnType<typeof signUpUser>>;
let viewer: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Rita Recorder' });
  viewer = await signUpUser(box, { name: 'Vic Viewer' });
});
afterEach(() => {
  for (const source of sources.splice(0)) source.stop();
  sockets.closeAll();
});

const recorders = () => box.realtime.recorders!;
const roomMedia = (roomId: string) => box.realtime.hub!.media.get(roomId);

let ssrc = 7000;
const OPUS_MIC = (ssrc: number) => ({
  mid: '0',
  codecs: [{ mimeType: 'audio/opus', payloadType: 111, clockRate: 48000, channels: 2 }],
  headerExtensions: [],
  encodings: [{ ssrc }],
  rtcp: { cname: `mic-${ssrc}` },
});

/** The attack: a mic produced through the viewer's socket, stopped at once. */
async function produceAndStop(socket: Socket, roomId: string): Promise<void> {
  const send = await ask(socket, 'talkback:create-transport', { roomId, direction: 'send' });
  expect(send.ok).toBe(true);
  await ask(socket, 'talkback:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
  const produced = await ask(socket, 'talkback:produce', {
    roomId,
    transportId: send.data.id,
    rtpParameters: OPUS_MIC((ssrc += 1)),
  });
  expect(produced.ok).toBe(true);
  expect(await ask(socket, 'talkback:stop', { roomId })).toEqual({ ok: true });
}

describe('a member’s talkback coming and going never ends the host’s recording', () => {
  it('talkback started and stopped at once, and talkers that leave while their capture starts, end only their own track', async () => {
    const roomId = await createRoomAs(box, host.idToken, { name: 'Churned' });
    expect(
      (await box.call('POST', `/api/rooms/${roomId}/join`, { token: viewer.idToken, body: { role: 'participant' } }))
        .status,
    ).toBe(200);
    const h = await sockets.joined(roomId, host.idToken);
    const v = await sockets.joined(roomId, viewer.idToken);
    const media = await roomMedia(roomId);
    // The host's own voice, sending all along: the recording has something to keep.
    sources.push(await startTalkbackSource(media, { userId: host.user.uid, displayName: 'Rita', toneHz: 440 }));
    expect(await ask(h.socket, 'recording:start', { roomId })).toMatchObject({ ok: true });
    const recording = recorders().recordingOf(roomId)!;
    await until(() => recording.capturePids().length === 1, { what: 'the host’s voice captured' });

    for (let round = 0; round < 5; round += 1) await produceAndStop(v.socket, roomId);
    // Talkers whose mic sends, and closes while its capture is starting: once the capture's SDP
    // is written (ffmpeg is being started, and takes ~100-500 ms to listen), then a little later.
    const sdpDir = path.join(recording.directory, '.sdp');
    for (const afterMs of [0, 0, 30, 60, 120, 200]) {
      expect(recording.isRecording, 'still recording').toBe(true);
      const displayName = `Gone ${afterMs} ${ssrc++}`;
      const talker = await startTalkbackSource(media, { userId: `guest-${ssrc}`, displayName, toneHz: 660 });
      const slug = `talker-gone-${afterMs}-${ssrc - 1}.raw.ogg`; // a raw segment, apart from the stems
      const seen = await until(
        () => (existsSync(sdpDir) ? readdirSync(sdpDir).find((name) => name.startsWith(slug)) : undefined),
        { what: `${displayName}'s capture starting`, intervalMs: 2 },
      );
      expect(seen).toBeTruthy();
      const closeAt = Date.now() + afterMs;
      await until(() => Date.now() >= closeAt, { what: `${afterMs} ms`, intervalMs: 2 });
      talker.producer.close();
      talker.stop();
    }
    // Recording the whole while, and the host heard nothing but its start.
    expect(recording.isRecording).toBe(true);
    expect(h.heard.get('recording-state')).toHaveLength(1);

    expect(await ask(h.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
    const listed = await until(
      async () => {
        const res = await box.call('GET', '/api/recordings', { token: host.idToken });
        const found = (res.body.recordings as Recording[]).find((candidate) => candidate.id === recording.id);
        return found && found.status !== 'recording' ? found : null;
      },
      { timeoutMs: 30_000, what: 'the recording finished' },
    );
    expect(listed).toMatchObject({ status: 'complete', message: null });
    expect(listed.tracks.map((track) => track.file)).toContain('talker-rita.ogg');
  }, 120_000);
});
