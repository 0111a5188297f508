import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

/** The SHA-256 of a file, read in chunks. */
export function sha256OfFile(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}
