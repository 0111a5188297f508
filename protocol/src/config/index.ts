// Node-side only (`@riffroom/protocol/config`): the browser bundle never loads it.
export { ConfigError, loadLayeredConfig, type ConfigPart, type LoadOptions } from './layered-config.js';
export { envValue, sectionSettings, settingsMarkdown, type Setting } from './setting.js';
export { redactConfig, REDACTED } from './redact.js';
export { settingsDrift } from './drift.js';
export {
  HOST_SETTING,
  INTERNAL_SECRET_SETTING,
  LOG_LEVEL_SETTING,
  METRICS_HOST_SETTING,
  METRICS_PORT_SETTING,
  PORT_SETTING,
} from './shared-settings.js';
