import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ClipOptions {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  kbps: number;
}

export interface Vp8Frame {
  data: Buffer;
  keyframe: boolean;
}

export interface Vp8Clip {
  options: ClipOptions;
  frames: Vp8Frame[];
  file: string;
}

const cacheDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results', 'tmp');

/**
 * A screen-like VP8 clip from ffmpeg's own test source (never downloaded): testsrc2 has sharp
 * edges, text and a moving region, like a shared screen. Encoded once per set of options and
 * kept in bench/results/tmp/, because libvpx needs tens of seconds on a busy 2-core box and the
 * encode must not overlap any measurement. Only the first frame is a keyframe, like a screen share
 * whose encoder sends keyframes only when asked.
 */
export function makeVp8Clip(options: ClipOptions): Vp8Clip {
  const { width, height, fps, seconds, kbps } = options;
  const file = path.join(cacheDir, `testsrc2-${width}x${height}-${fps}fps-${seconds}s-${kbps}k.ivf`);
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.partial`;
    // prettier-ignore
    const args = [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-t', String(seconds),
      '-c:v', 'libvpx', '-b:v', `${kbps}k`, '-minrate', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`,
      '-deadline', 'realtime', '-cpu-used', '8', '-g', String(fps * seconds + 1),
      '-auto-alt-ref', '0', '-lag-in-frames', '0', '-f', 'ivf', partial,
    ];
    const result = spawnSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (result.error) throw new Error(`ffmpeg not runnable (install Debian's ffmpeg): ${result.error.message}`);
    if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
    renameSync(partial, file);
  }
  return { options, frames: readIvf(readFileSync(file)), file };
}

/** IVF: a 32-byte file header, then per frame a 12-byte header (size LE32, pts LE64) and data. */
export function readIvf(file: Buffer): Vp8Frame[] {
  if (file.toString('ascii', 0, 4) !== 'DKIF') throw new Error('not an IVF file');
  const headerBytes = file.readUInt16LE(6);
  const frames: Vp8Frame[] = [];
  let offset = headerBytes;
  while (offset + 12 <= file.length) {
    const size = file.readUInt32LE(offset);
    const data = file.subarray(offset + 12, offset + 12 + size);
    // VP8 frame tag: bit 0 of the first byte is 0 on a keyframe (RFC 6386 9.1).
    frames.push({ data, keyframe: (data[0]! & 0x01) === 0 });
    offset += 12 + size;
  }
  if (frames.length === 0 || !frames[0]!.keyframe) throw new Error('IVF clip must start with a keyframe');
  return frames;
}
