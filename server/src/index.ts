export { createApi, type Api, type ApiOptions } from './api.js';
export { loadApiConfig, ConfigError } from './config/load.js';
export type { ApiConfig } from './config/schema.js';
export { createLogger, type Logger } from './logger.js';
export type { IdentityVerifier, VerifiedIdentity } from './identity/types.js';
export { InProcessEventBus, type EventBus } from './events/event-bus.js';
export type { RoomService } from './services/rooms.js';
export type { RoomRecord } from './repositories/rooms.js';
