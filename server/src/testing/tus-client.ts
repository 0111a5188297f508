import http from 'node:http';
import { execFileSync } from 'node:child_process';
import { UPLOADS_PATH } from '@riffroom/protocol';

/**
 * A bare tus 1.0 client over node:http, so tests see every status and can cut a PATCH mid-body
 * the way a dropped link does.
 */
export interface TusAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

function request(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  cutAfter?: number,
): Promise<TusAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl), { method, headers: { 'Tus-Resumable': '1.0.0', ...headers } });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    if (cutAfter === undefined) {
      req.on('error', reject);
      req.end(body);
      return;
    }
    // A dropped link: part of the body goes out, then the connection is gone.
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }));
    req.write(body!.subarray(0, cutAfter), () => setImmediate(() => req.destroy()));
  });
}

export function tusClient(baseUrl: string, token?: string) {
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return {
    create: (length: number, metadata: Record<string, string>, extra: Record<string, string> = {}) =>
      request(baseUrl, 'POST', UPLOADS_PATH, {
        ...auth,
        'Upload-Length': String(length),
        'Upload-Metadata': metadataHeader(metadata),
        ...extra,
      }),
    offset: (location: string) => request(baseUrl, 'HEAD', location, auth),
    patch: (location: string, offset: number, bytes: Buffer, cutAfter?: number) =>
      request(
        baseUrl,
        'PATCH',
        location,
        { ...auth, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        bytes,
        cutAfter,
      ),
  };
}

/** A real WAV made by ffmpeg: `seconds` of a tone, 24-bit 48 kHz stereo, at `gainDb`. */
export function makeWav(file: string, seconds: number, gainDb = -12): void {
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:duration=${seconds}:sample_rate=48000`,
    '-af',
    `volume=${gainDb + 18}dB`,
    '-ac',
    '2',
    '-c:a',
    'pcm_s24le',
    file,
  ]);
}
