import { AppError } from '../errors.js';
import type { ProjectFilesRepository } from '../repositories/project-files.js';

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Whether `bytes` more of `uid`'s files may be stored: one file within UPLOAD_MAX_BYTES (413
 * file/too-large), and all of theirs within UPLOAD_QUOTA_BYTES (413 file/over-quota). Uploads ask
 * before their first byte; a recording added to a project before it is copied.
 */
export async function assertWithinStorage(
  files: ProjectFilesRepository,
  uid: string,
  bytes: number,
  limits: { uploadMaxBytes: number; quotaBytesPerPerson: number },
): Promise<void> {
  if (bytes > limits.uploadMaxBytes) {
    throw new AppError(413, 'file/too-large', `A file may be at most ${formatBytes(limits.uploadMaxBytes)}.`);
  }
  const used = await files.usedBytes(uid);
  if (used + bytes > limits.quotaBytesPerPerson) {
    throw new AppError(
      413,
      'file/over-quota',
      `This file does not fit in your storage: ${formatBytes(used)} of ${formatBytes(limits.quotaBytesPerPerson)} used.`,
    );
  }
}
