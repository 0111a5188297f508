/**
 * One row of a process's settings table: where a setting sits in the RIFFROOM_CONFIG file, which
 * environment variable overrides it, its default and what it means. The tables (the API's in
 * server/src/config/settings.ts, the media node's in media/src/config-settings.ts) drive the
 * environment layer, the secret redaction of `npm run config:check` and the README's tables.
 */
export interface Setting {
  /** Its place in the config file, dot-separated: `port`, `rateLimits.signupPerAddress`. */
  path: string;
  /** The environment variable that overrides the file; none for a file-only setting. */
  env?: string;
  /**
   * The default as an operator would write it in `env` (checked: setting the variable to this gives
   * the same config as leaving it unset). Absent when the default is computed: see `defaultNote`.
   */
  default?: string;
  /** The default in words, when it depends on the machine or on other settings. */
  defaultNote?: string;
  meaning: string;
  /** Never printed: `npm run config:check` shows it as [redacted]. */
  secret?: boolean;
  /** How the variable's text becomes the file's value at `path`; the text itself otherwise. */
  fromEnv?: (text: string) => unknown;
  /** An empty variable is a value (no STUN servers), not an unset one. */
  emptyIsValue?: boolean;
}

/** What a variable's text means in this environment; undefined when it leaves the setting alone. */
export function envValue(setting: Setting, env: Record<string, string | undefined>): unknown {
  if (!setting.env) return undefined;
  const text = env[setting.env];
  if (text === undefined || (text === '' && !setting.emptyIsValue)) return undefined;
  return setting.fromEnv ? setting.fromEnv(text) : text;
}

/** Rows for a settings section whose fields are one table (the API's flood limits). */
export function sectionSettings(
  section: string,
  table: Record<string, { env: string; default: string | number; meaning: string }>,
): Setting[] {
  return Object.entries(table).map(([name, row]) => ({
    path: `${section}.${name}`,
    env: row.env,
    default: String(row.default),
    meaning: row.meaning,
  }));
}

/** A README table of settings: variable, config-file field, default, meaning. */
export function settingsMarkdown(settings: readonly Setting[]): string {
  const rows = settings.map((setting) => {
    const name = setting.env ? `\`${setting.env}\`` : '(file only)';
    const fallback = setting.defaultNote ?? (setting.default === undefined ? '—' : `\`${setting.default}\``);
    return `| ${name} | \`${setting.path}\` | ${fallback} | ${setting.meaning} |`;
  });
  return ['| Variable | Field | Default | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
