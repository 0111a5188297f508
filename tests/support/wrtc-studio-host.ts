import wrtc from '@roamhq/wrtc';
import { createTransport, joinAsMember, loadDevice, type RoomMember } from '../../bench/lib/wrtc-room-client.js';

const WIDTH = 320;
const HEIGHT = 180;
const SAMPLE_RATE = 48_000;
/** libwebrtc's audio sources take 10 ms frames. */
const FRAME_SAMPLES = SAMPLE_RATE / 100;

export interface StudioHost {
  member: RoomMember;
  stop(): void;
}

/**
 * The host of a room on the real box, sharing through libwebrtc as the browser does: a synthetic
 * screen (VP8) and stereo program audio (a 440 Hz tone left, 660 Hz right, Opus stereo), so a
 * recording has program and screen tracks without a browser.
 */
export async function startStudioHost(baseUrl: string, roomId: string, token: string): Promise<StudioHost> {
  const member = await joinAsMember(baseUrl, roomId, token);
  const device = await loadDevice(member);
  const transport = await createTransport(member, device, 'send');
  const screen = new wrtc.nonstandard.RTCVideoSource({ isScreencast: true });
  const audio = new wrtc.nonstandard.RTCAudioSource();
  let frame = 0;
  const video = setInterval(() => {
    frame += 1;
    screen.onFrame({ width: WIDTH, height: HEIGHT, data: new Uint8Array((WIDTH * HEIGHT * 3) / 2).fill(frame % 255) });
  }, 66);
  let sample = 0;
  const sound = setInterval(() => {
    const samples = new Int16Array(FRAME_SAMPLES * 2);
    for (let i = 0; i < FRAME_SAMPLES; i += 1, sample += 1) {
      const t = sample / SAMPLE_RATE;
      samples[i * 2] = Math.round(8000 * Math.sin(2 * Math.PI * 440 * t));
      samples[i * 2 + 1] = Math.round(8000 * Math.sin(2 * Math.PI * 660 * t));
    }
    audio.onData({
      samples,
      sampleRate: SAMPLE_RATE,
      bitsPerSample: 16,
      channelCount: 2,
      numberOfFrames: FRAME_SAMPLES,
    });
  }, 10);
  const stop = () => {
    clearInterval(video);
    clearInterval(sound);
    member.close();
  };
  try {
    await transport.produce({
      track: screen.createTrack() as unknown as MediaStreamTrack,
      appData: { source: 'screen' },
    });
    await transport.produce({
      track: audio.createTrack() as unknown as MediaStreamTrack,
      codecOptions: { opusStereo: true, opusDtx: false },
      appData: { source: 'program-audio' },
    });
  } catch (error) {
    stop();
    throw error;
  }
  return { member, stop };
}
