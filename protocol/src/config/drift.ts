import { loadLayeredConfig, type ConfigPart } from './layered-config.js';

const noFile = () => '{}';

/**
 * Where a part's settings table and its schema disagree: a top-level setting the table leaves out,
 * a row whose path the schema does not have, a documented default that is not the real one.
 * Empty when they agree; each process's config test asserts that.
 */
export function settingsDrift(part: ConfigPart): string[] {
  const problems: string[] = [];
  const keys = Object.keys(part.schema.shape);
  for (const key of keys) {
    if (!part.settings.some((s) => s.path === key || s.path.startsWith(`${key}.`))) {
      problems.push(`${key}: no row in the settings table`);
    }
  }
  const defaults = loadLayeredConfig({ part }, { env: {}, readFile: noFile }).part;
  for (const setting of part.settings) {
    if (!keys.includes(setting.path.split('.')[0]!)) problems.push(`${setting.path}: not in the schema`);
    if (!setting.env || setting.default === undefined) continue;
    const env = { [setting.env]: setting.default };
    let loaded: unknown;
    try {
      loaded = loadLayeredConfig({ part }, { env, readFile: noFile }).part;
    } catch (error) {
      problems.push(`${setting.env}=${setting.default}: ${(error as Error).message}`);
      continue;
    }
    // Both come out of the same schema, so their keys are in the same order.
    if (JSON.stringify(loaded) !== JSON.stringify(defaults))
      problems.push(`${setting.env}: the documented default is not the default`);
  }
  return problems;
}
