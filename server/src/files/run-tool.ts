import { spawn } from 'node:child_process';

const STDERR_KEPT = 16_000;

export interface ToolResult {
  code: number | null;
  stdout: string;
  /** The end of what the tool wrote to stderr. */
  stderr: string;
}

/**
 * Runs ffmpeg or ffprobe with an argument list, never through a shell: an uploaded file's name or
 * content can never become a command. `onStdout` takes raw output (waveform samples); otherwise
 * stdout is collected as text. The tool is killed if it runs past `timeoutMs`.
 */
export function runTool(
  bin: string,
  args: string[],
  options: { timeoutMs: number; onStdout?: (chunk: Buffer) => void },
): Promise<ToolResult> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk.toString('utf8');
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: stderr + String(error) });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * What ffmpeg and ffprobe may open: the stored file only (no network, no playlists that point at
 * other files), and only the containers an upload may be.
 */
export const SAFE_INPUT_ARGS = [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  'wav,w64,aiff,flac,mp3,mov,mp4,m4a,3gp,3g2,mj2,ogg,aac',
];

/** A path as an input argument: `file:` so a name can never be read as another protocol or an option. */
export const fileInput = (file: string) => `file:${file}`;
