import path from 'node:path';

/**
 * Where a project's files live under FILES_DIR (DATA_DIR/files): uploads under way in `uploads/`
 * (tus's file store), then each stored file in `<projectId>/<fileId>/`: the original byte for byte,
 * its preview and its waveform. Ids are the API's own (checked by protocol schemas), never names a
 * person typed, so no path is ever built from user text.
 */
export class FilePaths {
  constructor(readonly root: string) {}

  get uploads(): string {
    return path.join(this.root, 'uploads');
  }
  upload(uploadId: string): string {
    return path.join(this.uploads, uploadId);
  }
  project(projectId: string): string {
    return path.join(this.root, 'projects', projectId);
  }
  fileDir(projectId: string, fileId: string): string {
    return path.join(this.project(projectId), fileId);
  }
  original(projectId: string, fileId: string): string {
    return path.join(this.fileDir(projectId, fileId), 'original');
  }
  preview(projectId: string, fileId: string): string {
    return path.join(this.fileDir(projectId, fileId), 'preview.ogg');
  }
  /** A profile picture as re-encoded by the API (never the uploaded bytes). */
  picture(pictureId: string): string {
    return path.join(this.root, 'pictures', `${pictureId}.jpg`);
  }
  peaks(projectId: string, fileId: string): string {
    return path.join(this.fileDir(projectId, fileId), 'peaks.json');
  }
}
