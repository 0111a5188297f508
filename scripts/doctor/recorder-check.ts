import { checkFfmpeg } from '@riffroom/media';
import { fail, ok, type CheckResult } from './check.js';

/** FFMPEG_BIN runs and is ffmpeg: without it the box refuses Record (issue 34 item 13). */
export async function checkRecorder(ffmpegBin: string): Promise<CheckResult> {
  const name = 'recorder (ffmpeg)';
  const found = await checkFfmpeg(ffmpegBin);
  if (found.ok) return ok(name, `${found.version} (${ffmpegBin}).`);
  return fail(
    name,
    `${found.why}: Record is refused until it works.`,
    'install Debian’s ffmpeg (`npm run setup` does), or point FFMPEG_BIN at a working ffmpeg.',
  );
}
