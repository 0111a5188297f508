import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

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
