import dgram from 'node:dgram';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import { ask, CLIENT_DTLS, createRoomAs, OPUS_STEREO_RTP, roomSocketFactory } from '../support/room-sockets.js';
import { until } from '../support/until.js';
import { startStudioHost, type StudioHost } from '../support/wrtc-studio-host.js';

// Issue 34 item 5: a producer's codec parameters were written verbatim into the SDP file the
// recorder's ffmpeg reads. A member's talkback:produce (and a host's sfu:produce) with
// parameters {'x-note': '1\nm=audio <port> RTP/AVP 111\n...'} added an m= line of its own, and
// ffmpeg bound the UDP port the member chose.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
const hosts: StudioHost[] = [];
afterEach(() => {
  for (const host of hosts.splice(0)) host.stop();
  sockets.closeAll();
});

/** Whether this process can bind `port` on loopback now (nothing, ffmpeg included, holds it). */
function bindable(port: number): Promise<boolean> {
  const socket = dgram.createSocket('udp4');
  return new Promise((resolve) => {
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

/** A free even UDP port on loopback (the kind ffmpeg's RTP input binds). */
async function freeEvenPort(): Promise<number> {
  for (;;) {
    const socket = dgram.createSocket('udp4');
    const port = await new Promise<number>((resolve) =>
      socket.bind(0, '127.0.0.1', () => resolve(socket.address().port)),
    );
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    const even = port - (port % 2);
    if ((await bindable(even)) && (await bindable(even + 1))) return even;
  }
}

/** The capture SDP files of a recording now (each running capture has one). */
async function captureSdps(recordingDir: string): Promise<string[]> {
  const dir = path.join(recordingDir, '.sdp');
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8').catch(() => '')));
}

describe('codec parameters that carry SDP lines (issue 34 item 5)', () => {
  it('are refused on talkback:produce and sfu:produce, and the recorder’s ffmpeg binds no port a member chose', async () => {
    const host = await signUpUser(box, { name: 'Hana Host' });
    const member = await signUpUser(box, { name: 'Mo Member' });
    const roomId = await createRoomAs(box, host.idToken, { name: 'Injection' });
    const studio = await startStudioHost(box.baseUrl, roomId, host.idToken);
    hosts.push(studio);
    const m = await sockets.joined(roomId, member.idToken);
    const started = await ask(studio.member.socket, 'recording:start', { roomId });
    expect(started).toMatchObject({ ok: true });
    const recording = box.realtime.recorders!.recordingOf(roomId)!;

    const port = await freeEvenPort();
    const injected = `1\nm=audio ${port} RTP/AVP 111\nc=IN IP4 127.0.0.1\na=rtpmap:111 opus/48000/2`;
    const opusWith = (parameters: Record<string, unknown>, ssrc: number) => ({
      ...OPUS_STEREO_RTP,
      codecs: [{ ...OPUS_STEREO_RTP.codecs[0]!, parameters: { useinbandfec: 1, ...parameters } }],
      encodings: [{ ssrc }],
    });

    // A member's talkback mic.
    const send = await ask(m.socket, 'talkback:create-transport', { roomId, direction: 'send' });
    expect(send).toMatchObject({ ok: true });
    await ask(m.socket, 'talkback:connect-transport', {
      roomId,
      transportId: send.data.id,
      dtlsParameters: CLIENT_DTLS,
    });
    const talked = await ask(m.socket, 'talkback:produce', {
      roomId,
      transportId: send.data.id,
      rtpParameters: opusWith({ 'x-note': injected }, 71_000_001),
    });
    expect(talked).toMatchObject({ ok: false, code: 'validation/invalid-payload' });
    // A line break in a known key's value too.
    const inKnownKey = await ask(m.socket, 'talkback:produce', {
      roomId,
      transportId: send.data.id,
      rtpParameters: opusWith({ useinbandfec: injected }, 71_000_002),
    });
    expect(inKnownKey).toMatchObject({ ok: false, code: 'validation/invalid-payload' });
    expect((await ask(m.socket, 'talkback:state', { roomId })).data.talkers).toEqual([]);

    // The host's own program audio, on a second send transport.
    const hostSend = await ask(studio.member.socket, 'sfu:create-transport', { roomId, direction: 'send' });
    expect(hostSend).toMatchObject({ ok: true });
    const produced = await ask(studio.member.socket, 'sfu:produce', {
      roomId,
      transportId: hostSend.data.id,
      kind: 'audio',
      source: 'program-audio',
      rtpParameters: opusWith({ 'x-note': injected }, 71_000_003),
    });
    expect(produced).toMatchObject({ ok: false, code: 'validation/invalid-payload' });

    // What the recorder runs: its captures' SDP files have one m= line each, and the member's port
    // stays free, through a span in which a capture of an accepted producer would have started.
    await until(() => recording.capturePids().length >= 2, { timeoutMs: 15_000, what: 'program and screen captured' });
    const watchUntil = Date.now() + 2000;
    while (Date.now() < watchUntil) {
      for (const sdp of await captureSdps(recording.directory)) {
        expect(sdp.match(/^m=/gm) ?? []).toHaveLength(1);
        expect(sdp).not.toContain(String(port));
      }
      expect(await bindable(port)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await ask(studio.member.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
  }, 60_000);
});
