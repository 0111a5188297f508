import { Upload } from 'tus-js-client';
import { UPLOADS_PATH, projectFileSchema, type ProjectFile } from '@riffroom/protocol';

/** What the page shows of one upload. */
export interface UploadProgress {
  key: string;
  name: string;
  sent: number;
  total: number;
  /** Bytes a second over the last few seconds; null until measured. */
  bytesPerSecond: number | null;
  /** Seconds left at that speed; null until measured. */
  secondsLeft: number | null;
  /** True when it continued an upload a reload or a dropped link had cut. */
  resumed: boolean;
  state: 'uploading' | 'done' | 'failed';
  message: string | null;
  file: ProjectFile | null;
}

/** Chunks small enough to lose little to a cut, large enough to fill a fast link. */
const CHUNK_BYTES = 8 * 1024 * 1024;
const SPEED_WINDOW_MS = 5000;

/** The error body the API sends (`{"error":{"code","message"}}`), or the raw text. */
function messageOf(error: Error & { originalResponse?: { getBody(): string } | null }): string {
  const body = error.originalResponse?.getBody();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: string } };
      if (parsed.error?.message) return parsed.error.message;
    } catch {
      return body.trim();
    }
  }
  return error.message;
}

/**
 * Uploads one file to a project with tus: resumable across dropped links and page reloads
 * (tus-js-client keeps each upload's URL in localStorage under the file's fingerprint, and a new
 * upload of the same file continues the last one). Progress carries speed and time left.
 */
export function uploadFile(
  options: {
    projectId: string;
    trackId?: string;
    file: File;
    token: () => Promise<string | null>;
  },
  onProgress: (progress: UploadProgress) => void,
): { abort(): void } {
  const { file } = options;
  const progress: UploadProgress = {
    key: `${file.name}:${file.size}:${file.lastModified}`,
    name: file.name,
    sent: 0,
    total: file.size,
    bytesPerSecond: null,
    secondsLeft: null,
    resumed: false,
    state: 'uploading',
    message: null,
    file: null,
  };
  const samples: { at: number; sent: number }[] = [];
  const report = () => onProgress({ ...progress });
  const upload = new Upload(file, {
    endpoint: UPLOADS_PATH,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000],
    removeFingerprintOnSuccess: true,
    metadata: {
      projectId: options.projectId,
      filename: file.name,
      ...(options.trackId ? { trackId: options.trackId } : {}),
    },
    onBeforeRequest: async (req) => {
      const token = await options.token();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => {
      const now = performance.now();
      samples.push({ at: now, sent });
      while (samples.length > 2 && now - samples[0]!.at > SPEED_WINDOW_MS) samples.shift();
      const first = samples[0]!;
      const elapsed = (now - first.at) / 1000;
      if (elapsed > 0.5) {
        progress.bytesPerSecond = (sent - first.sent) / elapsed;
        progress.secondsLeft = progress.bytesPerSecond > 0 ? (total - sent) / progress.bytesPerSecond : null;
      }
      progress.sent = sent;
      progress.total = total;
      report();
    },
    onSuccess: ({ lastResponse }) => {
      progress.state = 'done';
      progress.sent = progress.total;
      try {
        progress.file = projectFileSchema.parse((JSON.parse(lastResponse.getBody()) as { file: unknown }).file);
      } catch {
        progress.file = null;
      }
      report();
    },
    onError: (error) => {
      progress.state = 'failed';
      progress.message = messageOf(error as Error & { originalResponse?: { getBody(): string } | null });
      report();
    },
  });
  void upload.findPreviousUploads().then((previous) => {
    const last = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    if (last) {
      upload.resumeFromPreviousUpload(last);
      progress.resumed = true;
    }
    report();
    upload.start();
  });
  return { abort: () => void upload.abort() };
}

/** The SHA-256 of a file as the browser reads it, to check the stored copy against. */
export async function sha256OfFile(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function formatSpeed(bytesPerSecond: number | null): string {
  if (bytesPerSecond === null) return '…';
  const megabits = (bytesPerSecond * 8) / 1e6;
  return megabits >= 1 ? `${megabits.toFixed(1)} Mbit/s` : `${((bytesPerSecond * 8) / 1e3).toFixed(0)} kbit/s`;
}

export function formatTimeLeft(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '…';
  if (seconds < 60) return `${Math.ceil(seconds)} s left`;
  return `${Math.floor(seconds / 60)} min ${Math.ceil(seconds % 60)} s left`;
}
