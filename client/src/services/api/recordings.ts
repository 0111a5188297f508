import { restRoutes, type Recording } from '@riffroom/protocol';
import type { HttpClient } from './http';

/** Recordings (issue 17): the caller's own and those shared with them. */
export interface RecordingsApi {
  list(): Promise<Recording[]>;
  /** Host only: the members who may list and download it (the whole list). */
  share(recordingId: string, uids: string[]): Promise<Recording>;
  /** One track, or every track as a .zip when `file` is omitted. */
  download(recordingId: string, file?: string): Promise<Blob>;
  /** Host only: the recording and its files. */
  remove(recordingId: string): Promise<void>;
}

export function createRecordingsApi(http: HttpClient): RecordingsApi {
  return {
    async list() {
      return (await http.authed(restRoutes.myRecordings)).recordings;
    },
    async share(recordingId, uids) {
      return (await http.authed(restRoutes.shareRecording, { params: { recordingId }, body: { uids } })).recording;
    },
    download(recordingId, file) {
      return file
        ? http.authedBlob(restRoutes.recordingTrack, { params: { recordingId, file } })
        : http.authedBlob(restRoutes.recordingZip, { params: { recordingId } });
    },
    async remove(recordingId) {
      await http.authed(restRoutes.deleteRecording, { params: { recordingId } });
    },
  };
}
