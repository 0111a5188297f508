import type { Setting } from './setting.js';

/**
 * Rows both the API's and the media node's tables hold, word for word: each role started alone
 * reads them, and the single box, which loads both tables, lists each once (scripts/box/config.ts).
 */
export const PORT_SETTING: Setting = {
  path: 'port',
  env: 'PORT',
  default: '8080',
  meaning: 'HTTP port for the app, the API, Socket.IO (`/socket.io`) and the PeerJS server (`/peerjs`)',
};

export const HOST_SETTING: Setting = { path: 'host', env: 'HOST', default: '0.0.0.0', meaning: 'Address to listen on' };

export const LOG_LEVEL_SETTING: Setting = {
  path: 'logLevel',
  env: 'LOG_LEVEL',
  default: 'info',
  meaning: 'pino log level',
};

export const INTERNAL_SECRET_SETTING: Setting = {
  path: 'internalSecret',
  env: 'INTERNAL_SECRET',
  defaultNote: 'none',
  meaning:
    "Scaled out: the secret (32+ characters) media nodes send to the API's internal room directory; the API serves `/internal/*` only when set",
  secret: true,
};

export const METRICS_PORT_SETTING: Setting = {
  path: 'metricsPort',
  env: 'METRICS_PORT',
  default: '9464',
  meaning: 'Port of the Prometheus `GET /metrics` listener, apart from the app port; `0` picks a free port and logs it',
};

export const METRICS_HOST_SETTING: Setting = {
  path: 'metricsHost',
  env: 'METRICS_HOST',
  default: '127.0.0.1',
  meaning: 'Address the metrics listener binds: loopback, so the figures are never public by accident',
};
