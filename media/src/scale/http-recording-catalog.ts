import {
  INTERNAL_SECRET_HEADER,
  routePath,
  restRoutes,
  type InternalRecordingUpdate,
  type OrphanedRecording,
} from '@riffroom/protocol';
import type { RecordingCatalog } from '../recording/recording-catalog.js';

const REQUEST_TIMEOUT_MS = 5000;

/** A media node's recording reports when it runs apart from the API (server routes/internal.ts). */
export class HttpRecordingCatalog implements RecordingCatalog {
  constructor(
    private readonly apiUrl: string,
    private readonly secret: string,
  ) {}

  async started(recording: { id: string; roomId: string; hostUid: string; startedAt: string; nodeId: string }) {
    await this.send('POST', routePath(restRoutes.internalRecordingStarted), recording);
  }

  /** Only this node's: other nodes may be recording now. */
  async orphaned(nodeId: string): Promise<OrphanedRecording[]> {
    const response = await this.send('POST', routePath(restRoutes.internalOrphanedRecordings), { nodeId });
    return restRoutes.internalOrphanedRecordings.response.parse(await response.json()).recordings;
  }

  async allowance(hostUid: string, recordingId: string): Promise<number | null> {
    const response = await this.send('POST', routePath(restRoutes.internalRecordingAllowance), {
      hostUid,
      recordingId,
    });
    return restRoutes.internalRecordingAllowance.response.parse(await response.json()).allowanceBytes;
  }

  async updated(id: string, update: InternalRecordingUpdate) {
    await this.send('PUT', routePath(restRoutes.internalRecordingUpdate, { recordingId: id }), update);
  }

  private async send(method: string, path: string, body: unknown): Promise<Response> {
    const response = await fetch(new URL(path, this.apiUrl), {
      method,
      headers: { [INTERNAL_SECRET_HEADER]: this.secret, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the API answered ${response.status} to ${method} ${path}`);
    return response;
  }
}
