export { loadMediaConfig, MediaConfigError, type MediaConfig } from './config.js';
export { WorkerPool } from './sfu/worker-pool.js';
export { staticClient, type RequestHandler } from './http/static-client.js';
export { attachRealtime, type Realtime, type RealtimeOptions } from './realtime/server.js';
export type { TokenVerifier } from './realtime/types.js';
export type { RoomDirectory } from './realtime/room-directory.js';
export { SfuRooms } from './sfu/sfu-rooms.js';
export { SfuRoom } from './sfu/sfu-room.js';
