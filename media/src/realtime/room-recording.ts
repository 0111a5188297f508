import { refuse, type LiveRecording } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RoomRecorders } from '../recording/room-recorders.js';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import type { RealtimeSocket } from './types.js';

/** What the hub asks of the recorders: the state a joiner is told, and a clean stop when the room goes. */
export interface HubRecordings {
  current(roomId: string): LiveRecording | null;
  stopIfRecording(roomId: string): Promise<void>;
  stopAll(): Promise<void>;
}

/**
 * Record and Stop (issue 17): the room's host only, as its verified token makes it. Every member
 * hears recording-state from the recorders (realtime/server.ts), not from here, so a recording that
 * stops on its own (disk full, a failure) is announced the same way.
 */
export function handleRoomRecording(
  socket: RealtimeSocket,
  hub: RoomHub,
  recorders: RoomRecorders,
  logger: Logger,
): void {
  onRoomEvent(socket, 'recording:start', logger, async ({ roomId }) => {
    hub.hostMembership(socket, roomId, 'record');
    const uid = socket.data.uid;
    if (!uid) throw refuse('room/not-host', 'Only the host can record.');
    const media = await hub.media.get(roomId);
    const live = await recorders.start(media, uid);
    logger.info({ roomId, recordingId: live.recordingId }, 'recording started');
    return live;
  });

  onRoomEvent(socket, 'recording:stop', logger, async ({ roomId }) => {
    hub.hostMembership(socket, roomId, 'stop the recording');
    await recorders.stop(roomId);
    logger.info({ roomId }, 'recording stopped by the host');
  });
}
