import { readFileSync } from 'node:fs';
import { ConfigError, loadLayeredConfig, type ConfigPart } from '@riffroom/protocol/config';
import { apiConfigSchema, type ApiConfig } from './schema.js';
import { API_SETTINGS } from './settings.js';

export { ConfigError };

type Env = Record<string, string | undefined>;

/** The API's share of the configuration; the single box loads it together with the media node's. */
export const API_CONFIG: ConfigPart<typeof apiConfigSchema, ApiConfig> = {
  schema: apiConfigSchema,
  settings: API_SETTINGS,
};

export const readConfigFile = (path: string) => readFileSync(path, 'utf8');

/**
 * The API alone (its own role): defaults in code, then the JSON file named by RIFFROOM_CONFIG,
 * then the environment, then explicit overrides (tests). Validated once; a bad value or an unknown
 * key throws a ConfigError naming it.
 */
export function loadApiConfig(env: Env = process.env, overrides: Record<string, unknown> = {}): ApiConfig {
  return loadLayeredConfig({ api: API_CONFIG }, { env, readFile: readConfigFile, overrides: { api: overrides } }).api;
}
