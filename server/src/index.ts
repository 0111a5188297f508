export { createApi, type Api } from './api.js';
export { loadApiConfig, ConfigError } from './config/load.js';
export type { ApiConfig } from './config/schema.js';
export { createLogger, type Logger } from './logger.js';
export type { IdentityVerifier, VerifiedIdentity } from './identity/types.js';
