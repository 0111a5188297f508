import { afterEach, describe, expect, it } from 'vitest';
import type { TalkbackState } from '@riffroom/protocol';
import { joinAsMember } from '../../bench/lib/wrtc-room-client.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import {
  ask,
  CLIENT_DTLS,
  createRoomAs,
  OPUS_STEREO_RTP,
  roomSocketFactory,
  VP8_SCREEN_RTP,
} from '../support/room-sockets.js';
import { until } from '../support/until.js';
import { joinTalkback, type Talkback } from '../support/wrtc-talkback.js';

// Issue 34 item 6: the talkback "mic" carried video (talkback:produce with VP8 answered ok, and any
// member's talkback:consume got video/VP8: a viewer sending video to the room around the host-only
// sfu:produce), and nothing bounded what one talker sends, which every listener receives again.
const MAX_KBPS = 128;
const box = useInProcessBox({ talkbackMaxKbps: MAX_KBPS });
const sockets = roomSocketFactory(() => box.baseUrl);
const talkers: Talkback[] = [];
afterEach(() => {
  for (const talker of talkers.splice(0)) {
    talker.close();
    talker.member.close();
  }
  sockets.closeAll();
});

let nextSsrc = 72_000_000;

describe('the talkback mic is a voice (issue 34 item 6)', () => {
  it('refuses video, and Opus declared faster than TALKBACK_MAX_KBPS', async () => {
    const host = await signUpUser(box, { name: 'Hana Host' });
    const member = await signUpUser(box, { name: 'Mo Member' });
    const roomId = await createRoomAs(box, host.idToken);
    await sockets.joined(roomId, host.idToken);
    const m = await sockets.joined(roomId, member.idToken);
    const send = await ask(m.socket, 'talkback:create-transport', { roomId, direction: 'send' });
    await ask(m.socket, 'talkback:connect-transport', {
      roomId,
      transportId: send.data.id,
      dtlsParameters: CLIENT_DTLS,
    });
    const produce = (rtpParameters: unknown) =>
      ask(m.socket, 'talkback:produce', { roomId, transportId: send.data.id, rtpParameters });

    const vp8 = { ...VP8_SCREEN_RTP, encodings: [{ ssrc: (nextSsrc += 1) }] };
    expect(await produce(vp8)).toMatchObject({ ok: false, code: 'validation/invalid-payload' });
    const opus = OPUS_STEREO_RTP.codecs[0]!;
    const both = { ...vp8, codecs: [opus, ...VP8_SCREEN_RTP.codecs] };
    expect(await produce(both)).toMatchObject({ ok: false, code: 'validation/invalid-payload' });
    expect((await ask(m.socket, 'talkback:state', { roomId })).data.talkers).toEqual([]);

    const fast = (parameters: Record<string, unknown>, maxBitrate?: number) => ({
      ...OPUS_STEREO_RTP,
      codecs: [{ ...opus, parameters: { ...parameters } }],
      encodings: [{ ssrc: (nextSsrc += 1), ...(maxBitrate ? { maxBitrate } : {}) }],
    });
    expect(await produce(fast({ maxaveragebitrate: 510_000 }))).toMatchObject({ ok: false, code: 'talkback/too-fast' });
    expect(await produce(fast({}, 510_000))).toMatchObject({ ok: false, code: 'talkback/too-fast' });
    expect((await ask(m.socket, 'talkback:state', { roomId })).data.talkers).toEqual([]);
    // A voice as the client sends it is taken.
    expect(await produce(fast({ useinbandfec: 1, usedtx: 1 }))).toMatchObject({ ok: true });
  });

  it('closes a mic that sends far above the cap while a listener hears it; a voice beside it goes on', async () => {
    const host = await signUpUser(box, { name: 'Hana Host' });
    const loud = await signUpUser(box, { name: 'Lou Loud' });
    const quiet = await signUpUser(box, { name: 'Quinn Quiet' });
    const roomId = await createRoomAs(box, host.idToken);
    const h = await sockets.joined(roomId, host.idToken);
    const listener = await joinTalkback(await joinAsMember(box.baseUrl, roomId, host.idToken));
    talkers.push(listener);

    // A well-behaved voice (the client's codec options: mono Opus at libwebrtc's default).
    const voice = await joinTalkback(await joinAsMember(box.baseUrl, roomId, quiet.idToken));
    talkers.push(voice);
    const voiceId = await voice.talk(330);
    // A hostile one: stereo Opus at 510 kbit/s on noise, and it tells the server nothing of that.
    const hostile = await joinTalkback(await joinAsMember(box.baseUrl, roomId, loud.idToken));
    talkers.push(hostile);
    const hostileId = await hostile.talk(0, {
      noise: 0.5,
      codecOptions: { opusMaxAverageBitrate: 510_000, opusStereo: true, opusDtx: false },
      declare: (rtp) => ({
        ...rtp,
        codecs: rtp.codecs.map(({ parameters = {}, ...codec }) => {
          const { maxaveragebitrate: _hidden, ...declared } = parameters as Record<string, unknown>;
          return { ...codec, parameters: declared };
        }),
        encodings: (rtp.encodings ?? []).map(({ maxBitrate: _hidden, ...encoding }) => encoding),
      }),
    });
    const hearing = await listener.listen(hostileId);
    await until(async () => (await hearing.packets()) > 50, { timeoutMs: 15_000, what: 'the listener hears the mic' });

    // The server closes it within seconds: the room's talkers no longer list it (every listener
    // drops its voice), while the well-behaved voice beside it stays.
    const talkersNow = async () =>
      ((await ask(h.socket, 'talkback:state', { roomId })).data as TalkbackState).talkers.map((t) => t.producerId);
    await until(async () => !(await talkersNow()).includes(hostileId), {
      timeoutMs: 15_000,
      what: 'the hostile mic closed',
    });
    expect(await talkersNow()).toEqual([voiceId]);
  }, 90_000);
});
