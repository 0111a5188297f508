export { announcedAddress, loadMediaConfig, MEDIA_CONFIG, peerLimits, type MediaConfig } from './config.js';
export { WorkerPool } from './sfu/worker-pool.js';
export { staticClient, type RequestHandler } from './http/static-client.js';
export { firebaseIdentitySources, type PagePolicyOptions } from './http/content-security-policy.js';
export { attachRealtime, type Realtime, type RealtimeOptions } from './realtime/server.js';
export { drainRooms } from './realtime/drain.js';
export type { TokenVerifier } from './realtime/types.js';
export { startMediaNode, type RunningMediaNode } from './scale/media-node.js';
export type { RoomDirectory } from './realtime/room-directory.js';
export { SfuRooms } from './sfu/sfu-rooms.js';
export { SfuRoom } from './sfu/sfu-room.js';
export { attachPeerServer, type PeerSignalling, type PeerServerOptions } from './p2p/peer-server.js';
export type { PeerLimits } from './p2p/peer-guard.js';
export { iceServersFor, type IceConfig } from './p2p/ice-servers.js';
export { createMediaMetrics, type MediaMetrics } from './metrics/media-metrics.js';
export { MediaRelay, DEFAULT_RELAY_OPTIONS } from './relay/media-relay.js';
export {
  NodeRegistry,
  NODE_EXPIRY_BEATS,
  leastLoaded,
  type MediaNodeRecord,
  type NodeRegistryOptions,
} from './scale/node-registry.js';
export { connectNodeRegistry, type RegistryConnection } from './scale/registry-connection.js';
export { checkFfmpeg } from './recording/ffmpeg-check.js';
export { recorderSettings } from './recording/recorder-settings.js';
export type { RecordingCatalog } from './recording/recording-catalog.js';
export { RoomRecorders } from './recording/room-recorders.js';
export { guestIdentityKeyFrom } from './realtime/guest-identity.js';
