import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectFile } from '@riffroom/protocol';
import type { ProjectFilesRepository } from '../repositories/project-files.js';
import { newId } from '../services/projects.js';
import { probeAudio } from './audio-probe.js';
import type { FilePaths } from './file-paths.js';
import type { PrepareQueue } from './prepare-queue.js';

/** What storing a version needs: where files go, the probe, the preparing queue and who to tell. */
export interface VersionStore {
  files: ProjectFilesRepository;
  paths: FilePaths;
  ffprobeBin: string;
  queue: PrepareQueue;
  /** A new version is stored: the project's pages show it. */
  onStored: (file: ProjectFile & { projectId: string }) => void;
}

export interface NewVersion {
  /** The audio file on disk: a finished upload (moved in) or a recording's track (copied in). */
  source: string;
  take: 'move' | 'copy';
  projectId: string;
  /** The track it is the next version of; null starts a new track named after the file. */
  trackId: string | null;
  filename: string;
  uploaderUid: string;
  sizeBytes: number;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The track a file starts when it is not a new version of one: its name without the extension. */
const trackNameOf = (filename: string) => filename.replace(/\.[A-Za-z0-9]{1,5}$/, '') || filename;

/**
 * Stores an audio file as the next version of a project's track (or a new track): hashed, probed
 * (a file that is not audio throws NotAudioError and is left where it was), placed as the original
 * (never changed afterwards), recorded, and queued for its preview and waveform. Uploads and
 * recordings added to a project both come through here.
 */
export async function storeVersion(store: VersionStore, version: NewVersion): Promise<ProjectFile> {
  const sha256 = await sha256Of(version.source);
  const audio = await probeAudio(store.ffprobeBin, version.source);
  const fileId = newId();
  const original = store.paths.original(version.projectId, fileId);
  await mkdir(path.dirname(original), { recursive: true });
  if (version.take === 'move') await rename(version.source, original);
  else await copyFile(version.source, original);
  const stored = await store.files.insert({
    id: fileId,
    projectId: version.projectId,
    trackId: version.trackId ?? newId(),
    newTrackName: version.trackId ? null : trackNameOf(version.filename),
    name: version.filename,
    uploaderUid: version.uploaderUid,
    sizeBytes: version.sizeBytes,
    sha256,
    audio,
    at: Date.now(),
  });
  store.queue.add({ projectId: version.projectId, fileId });
  store.onStored(stored);
  const { projectId: _, ...file } = stored;
  return file;
}
