import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What /healthz answers and the client's footer shows: the release and the exact build. */
export interface BuildInfo {
  /** The root package.json's version (CHANGELOG.md lists what each one holds). */
  version: string;
  /** The git commit the process runs, 'unknown' where there is no .git (an image, a tarball). */
  commit: string;
}

let cached: BuildInfo | null = null;

/**
 * Read once at start. RIFFROOM_COMMIT wins, for images built without the .git directory;
 * otherwise git is asked, and a checkout without git or .git answers 'unknown'.
 */
export function buildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  cached ??= { version: readVersion(), commit: env.RIFFROOM_COMMIT?.trim() || readCommit() };
  return cached;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

function readCommit(): string {
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] });
    const commit = out.toString().trim();
    return /^[0-9a-f]{40}$/.test(commit) ? commit : 'unknown';
  } catch {
    return 'unknown';
  }
}
