import { execFile } from 'node:child_process';

const CHECK_TIMEOUT_MS = 10_000;
/** A working ffmpeg stays known this long; a missing one is looked for again at the next Record. */
const KEEP_OK_MS = 60_000;

export type FfmpegCheck = { ok: true; version: string } | { ok: false; why: string };

/**
 * Runs `<bin> -version`: a missing file, one that is not ffmpeg, or one that cannot run (a missing
 * library) fails with why. `npm run doctor` and Record both ask this.
 */
export function checkFfmpeg(ffmpegBin: string): Promise<FfmpegCheck> {
  return new Promise((resolve) => {
    execFile(ffmpegBin, ['-hide_banner', '-version'], { timeout: CHECK_TIMEOUT_MS }, (error, stdout, stderr) => {
      const firstLine = stdout.split('\n')[0]?.trim() ?? '';
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const why =
          code === 'ENOENT'
            ? `${ffmpegBin} was not found`
            : `${ffmpegBin} failed: ${String(stderr || error.message)
                .trim()
                .slice(0, 300)}`;
        resolve({ ok: false, why });
      } else if (!firstLine.startsWith('ffmpeg version')) {
        resolve({ ok: false, why: `${ffmpegBin} does not say it is ffmpeg` });
      } else {
        resolve({ ok: true, version: firstLine });
      }
    });
  });
}

/** Record asks before every start; a working answer is kept for a minute so Record does not spawn each time. */
export class FfmpegProbe {
  private known: { check: FfmpegCheck; at: number } | null = null;

  constructor(
    private readonly ffmpegBin: () => string,
    private readonly now: () => number = Date.now,
  ) {}

  async check(): Promise<FfmpegCheck> {
    if (this.known?.check.ok && this.now() - this.known.at < KEEP_OK_MS) return this.known.check;
    const check = await checkFfmpeg(this.ffmpegBin());
    this.known = { check, at: this.now() };
    return check;
  }
}
