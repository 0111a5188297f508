export * from './constants.js';
export * from './errors.js';
export * from './validation.js';
export * from './auth.js';
export * from './user.js';
export * from './messages.js';
export * from './events.js';
export * from './realtime.js';
