import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured logs; credentials never reach them, whatever a caller logs by mistake. */
export function createLogger(level: string, name = 'api'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: [
        'password',
        '*.password',
        'idToken',
        '*.idToken',
        'refreshToken',
        '*.refreshToken',
        'req.headers.authorization',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  });
}
