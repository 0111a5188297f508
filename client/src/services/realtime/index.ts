export type { Realtime, RealtimeEventName, RealtimeHandler } from './types';
export { SocketRealtime } from './socketRealtime';
