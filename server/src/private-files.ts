import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds password hashes, emails and the token signing key: owner-only, 0700 for
 * directories and 0600 for files, whatever the process's umask, including on installs made before
 * this rule.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` owner-only, or takes group and other access away from an existing one we own. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stats = statSync(dir);
  // Never a shared directory such as /tmp (sticky) or one another user owns: only our own.
  const ours = typeof process.getuid !== 'function' || stats.uid === process.getuid();
  const sticky = (stats.mode & 0o1000) !== 0;
  if (ours && !sticky && (stats.mode & 0o077) !== 0) chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes `file` owner-only if it exists. */
export function makePrivate(file: string): void {
  if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Creates the SQLite database file owner-only before SQLite opens it, and tightens an existing one
 * with its companions. SQLite gives the -wal, -shm and -journal files it creates the database
 * file's own mode, so they are born 0600 too.
 */
export function preparePrivateSqliteFile(filename: string): void {
  closeSync(openSync(filename, 'a', PRIVATE_FILE_MODE));
  for (const file of [filename, `${filename}-wal`, `${filename}-shm`, `${filename}-journal`]) makePrivate(file);
}

/**
 * Writes `contents` to `file` so that `file` is either absent or whole, never half-written: a temp
 * file beside it, flushed to disk, then linked into place, then the directory flushed so the new
 * name survives a power cut. link(2) is rename(2) that refuses to replace: when another process
 * created the key meanwhile it fails with EEXIST and theirs is kept, so two processes starting
 * together never end up signing with different keys. Returns false when the file already existed.
 */
export function writeNewFileAtomically(file: string, contents: string): boolean {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    writeFileSync(fd, contents);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  closeSync(fd);
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
  const dir = openSync(path.dirname(file), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
  return true;
}

/**
 * A random secret of 32 bytes kept in `file` (hex), made on first use: the same after a restart, and
 * the same for two processes starting together (writeNewFileAtomically keeps the first one written).
 */
export function loadOrCreateSecretFile(file: string): Buffer {
  ensurePrivateDir(path.dirname(path.resolve(file)));
  if (!existsSync(file)) writeNewFileAtomically(file, randomBytes(32).toString('hex'));
  makePrivate(file);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
