export { createApi, type Api, type ApiOptions } from './api.js';
export { loadApiConfig, ConfigError } from './config/load.js';
export type { ApiConfig } from './config/schema.js';
export { createLogger, type Logger } from './logger.js';
export type { IdentityVerifier, VerifiedIdentity } from './identity/types.js';
export { createEventBus, InProcessEventBus, type EventBus } from './events/event-bus.js';
export { RedisEventBus } from './events/redis-event-bus.js';
export { openDatabase, type Db } from './db/connect.js';
export { runEventsCommand, UsageError, EVENTS_USAGE } from './cli/events-command.js';
