import { createHmac } from 'node:crypto';
import type { IceServer } from '@riffroom/protocol';
import type { MediaConfig } from '../config.js';

export type IceConfig = Pick<
  MediaConfig,
  'stunUrls' | 'turnUrls' | 'turnUsername' | 'turnCredential' | 'turnSecret' | 'turnCredentialTtlSeconds'
>;

/**
 * The ICE servers one client gets: the configured STUN servers, then TURN when configured. With a
 * shared secret the TURN credential follows coturn's REST API scheme (username
 * `<expiry unix seconds>:<caller>`, credential base64 HMAC-SHA1 of the username), so it expires on
 * its own and names who it was issued to.
 */
export function iceServersFor(config: IceConfig, callerId: string, nowMs: number = Date.now()): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: [...config.stunUrls] });
  if (config.turnUrls.length === 0) return servers;
  if (config.turnSecret) {
    const expiresAt = Math.floor(nowMs / 1000) + config.turnCredentialTtlSeconds;
    const username = `${expiresAt}:${callerId}`;
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
    servers.push({ urls: [...config.turnUrls], username, credential });
  } else if (config.turnUsername && config.turnCredential) {
    servers.push({ urls: [...config.turnUrls], username: config.turnUsername, credential: config.turnCredential });
  }
  return servers;
}
