import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { wrtc } from '../../bench/lib/wrtc-globals.js';

const run = promisify(execFile);
const SAMPLE_RATE = 48_000;
/** libwebrtc's audio sources take 10 ms frames. */
const FRAME_SAMPLES = SAMPLE_RATE / 100;
const CLICK_EVERY_SAMPLES = SAMPLE_RATE;
const CLICK_SAMPLES = SAMPLE_RATE / 20;
const CLICK_HZ = 1000;

type AudioSource = InstanceType<typeof wrtc.nonstandard.RTCAudioSource>;

/**
 * Clicks at the same instants in several libwebrtc audio sources: a 50 ms 1 kHz burst once a
 * second, silence between, every source fed the same frame in the same tick. Like a sound card,
 * it runs on the wall clock: a tick that comes late (a busy event loop) sends every frame due by
 * then, so the media keeps real time, as a browser's does. A click leaves every source at one
 * instant, so the files a recording makes of them (program audio, a talker's mic) hold it at the
 * same time when they line up.
 */
export class ClickClock {
  private sample = 0;
  private readonly startedAt = performance.now();
  private readonly sources: { source: AudioSource; channels: 1 | 2 }[] = [];
  private readonly timer = setInterval(() => {
    const due = Math.floor(((performance.now() - this.startedAt) / 1000) * SAMPLE_RATE);
    while (this.sample + FRAME_SAMPLES <= due) this.tick();
  }, 5);

  /** A new source fed by this clock: mono for a mic, stereo for program audio. */
  source(channels: 1 | 2): AudioSource {
    const source = new wrtc.nonstandard.RTCAudioSource();
    this.sources.push({ source, channels });
    return source;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const frame = new Int16Array(FRAME_SAMPLES);
    for (let i = 0; i < FRAME_SAMPLES; i += 1, this.sample += 1) {
      const inClick = this.sample % CLICK_EVERY_SAMPLES;
      frame[i] =
        inClick < CLICK_SAMPLES ? Math.round(16000 * Math.sin((2 * Math.PI * CLICK_HZ * inClick) / SAMPLE_RATE)) : 0;
    }
    for (const { source, channels } of this.sources) {
      const samples = channels === 1 ? frame : new Int16Array(FRAME_SAMPLES * 2).map((_, i) => frame[i >> 1]!);
      source.onData({
        samples,
        sampleRate: SAMPLE_RATE,
        bitsPerSample: 16,
        channelCount: channels,
        numberOfFrames: FRAME_SAMPLES,
      });
    }
  }
}

/**
 * Where the clicks begin in an audio file, in s from its start: each time the decoded signal
 * crosses a tenth of full scale after at least 0.3 s below it.
 */
export async function clickOnsetsS(file: string): Promise<number[]> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      file,
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      '-f',
      's16le',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const pcm = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.length / 2));
  const onsets: number[] = [];
  let quiet = 0;
  for (let i = 0; i < pcm.length; i += 1) {
    if (Math.abs(pcm[i]!) > 3277) {
      if (quiet >= 0.3 * SAMPLE_RATE) onsets.push(i / SAMPLE_RATE);
      quiet = 0;
    } else {
      quiet += 1;
    }
  }
  return onsets;
}
