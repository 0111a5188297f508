/**
 * The single box's configuration: the API's and the media node's settings from one
 * RIFFROOM_CONFIG file and one environment, so a key either of them knows is accepted and any
 * other is refused by name. The box is the one place that knows both (ARCHITECTURE.md "Config");
 * its own front door (HTTPS, the redirect, PUBLIC_URL) is a third part (front-door-settings.ts).
 */
import { readFileSync } from 'node:fs';
import { API_CONFIG, type ApiConfig } from '@riffroom/server';
import { MEDIA_CONFIG, type MediaConfig } from '@riffroom/media';
import { loadLayeredConfig, redactConfig, type Setting } from '@riffroom/protocol/config';
import { FRONT_DOOR_CONFIG, type FrontDoorConfig } from './front-door-settings.js';

export interface BoxConfig {
  api: ApiConfig;
  media: MediaConfig;
  frontDoor: FrontDoorConfig;
}

export function loadBoxConfig(env: Record<string, string | undefined> = process.env): BoxConfig {
  return loadLayeredConfig(
    { api: API_CONFIG, media: MEDIA_CONFIG, frontDoor: FRONT_DOOR_CONFIG },
    { env, readFile: (file) => readFileSync(file, 'utf8') },
  );
}

/** Every setting of the box, once: TRUST_PROXY, REDIS_URL and PUBLIC_URL belong to two parts. */
export function boxSettings(): Setting[] {
  const seen = new Set<string>();
  return [...API_CONFIG.settings, ...MEDIA_CONFIG.settings, ...FRONT_DOOR_CONFIG.settings].filter((setting) => {
    if (seen.has(setting.path)) return false;
    seen.add(setting.path);
    return true;
  });
}

/** The effective configuration, safe to print: secrets and URL passwords [redacted]. */
export function redactedBoxConfig(config: BoxConfig): unknown {
  return {
    api: redactConfig(config.api, API_CONFIG.settings),
    media: redactConfig(config.media, MEDIA_CONFIG.settings),
    frontDoor: redactConfig(config.frontDoor, FRONT_DOOR_CONFIG.settings),
  };
}
