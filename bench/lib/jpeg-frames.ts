import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cacheDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results', 'tmp');

/**
 * Real 1280x720 JPEG frames from ffmpeg's testsrc2 (never downloaded), with temporal noise so the
 * encoded size lands in the 100-150 kB band the relay host's adaptive quality aims for
 * (client/src/services/media/relayQuality.ts); plain testsrc2 compresses to ~50 kB, smaller than a
 * busy shared screen. Encoded once and kept in bench/results/tmp/.
 */
export function makeJpegFrames(options: { width: number; height: number; count: number }): Buffer[] {
  const { width, height, count } = options;
  const dir = path.join(cacheDir, `testsrc2-noise-${width}x${height}-${count}-jpeg`);
  if (!existsSync(dir)) {
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    // prettier-ignore
    const args = [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=10`, '-vf', 'noise=alls=8:allf=t',
      '-frames:v', String(count), '-q:v', '4', path.join(partial, 'frame-%03d.jpg'),
    ];
    const result = spawnSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (result.error) throw new Error(`ffmpeg not runnable (install Debian's ffmpeg): ${result.error.message}`);
    if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
    renameSync(partial, dir);
  }
  return readdirSync(dir)
    .sort()
    .map((file) => readFileSync(path.join(dir, file)));
}

const STAMP_BYTES = 2 + 2 + 8 + 4; // COM marker, its length field, send time, sequence number.

/**
 * The JPEG with a comment segment (COM, FFFE) right after its start-of-image marker holding the
 * send time and sequence number: the frame stays a valid JPEG, and a guest can tell its age.
 */
export function stampJpeg(jpeg: Buffer, sentAt: number, seq: number): Buffer {
  const stamp = Buffer.alloc(STAMP_BYTES);
  stamp.writeUInt16BE(0xfffe, 0);
  stamp.writeUInt16BE(STAMP_BYTES - 2, 2);
  stamp.writeDoubleLE(sentAt, 4);
  stamp.writeUInt32LE(seq, 12);
  return Buffer.concat([jpeg.subarray(0, 2), stamp, jpeg.subarray(2)]);
}

export function readStamp(frame: Buffer): { sentAt: number; seq: number } {
  if (frame.readUInt16BE(2) !== 0xfffe) throw new Error('frame has no stamp');
  return { sentAt: frame.readDoubleLE(6), seq: frame.readUInt32LE(14) };
}
