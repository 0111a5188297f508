import type { z } from 'zod';
import { envValue, type Setting } from './setting.js';

/** A configuration that cannot start the process; its message names the setting. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;
type Plain = Record<string, unknown>;

/** One process's share of the configuration: the API's, or the media node's. */
export interface ConfigPart<Schema extends z.ZodObject = z.ZodObject, Config = z.output<Schema>> {
  /** Strict at every level: a key it does not know is refused by name. */
  schema: Schema;
  settings: readonly Setting[];
  /** Rules across settings and derived values, after the schema passed; throws ConfigError. */
  finish?: (parsed: z.output<Schema>) => Config;
}

type PartConfig<P> = P extends ConfigPart<z.ZodObject, infer Config> ? Config : never;

export interface LoadOptions<Parts> {
  env: Env;
  /** Reads RIFFROOM_CONFIG (node:fs in the processes; protocol itself stays free of node). */
  readFile: (path: string) => string;
  /** Replace whole top-level settings after the environment (tests). */
  overrides?: { [K in keyof Parts]?: Plain };
}

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readConfigFile(path: string, readFile: (path: string) => string): Plain {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFile(path));
  } catch (error) {
    throw new ConfigError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  if (!isPlain(parsed)) throw new ConfigError(`config file ${path} must hold a JSON object`);
  return parsed;
}

/** Sets `value` at a dot path, making (or replacing) the objects on the way. */
function setPath(target: Plain, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    node = node[key] = isPlain(next) ? { ...next } : {};
  }
  node[keys[keys.length - 1]!] = value;
}

/** The setting a failing path belongs to, and where its value came from. */
function sourceOf(path: string, settings: readonly Setting[], env: Env, fileName: string | undefined): string {
  // The most specific setting first: `database.filename` (SQLITE_FILE) before `database`.
  const owners = settings
    .filter((s) => path === s.path || path.startsWith(`${s.path}.`))
    .sort((a, b) => b.path.length - a.path.length);
  const fromEnv = owners.find((s) => envValue(s, env) !== undefined);
  if (fromEnv) return ` (from ${fromEnv.env})`;
  return fileName ? ` (from ${fileName})` : '';
}

/** Edit distance, to suggest the key a typo meant (`prot` → `port`). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

function unknownKey(path: string, known: Iterable<string>, from: string): string {
  const keys = path.split('.');
  const key = keys.pop()!;
  const candidates = [...known];
  // A real setting in the wrong place: `filename` beside a PostgreSQL `database`.
  if (candidates.includes(key)) return `${path}: does not go with the other ${keys.join('.')} settings${from}`;
  const near = candidates.find((candidate) => distance(key.toLowerCase(), candidate.toLowerCase()) <= 2);
  return `${path}: unknown setting${near ? ` (did you mean ${near}?)` : ''}${from}`;
}

function describe(error: z.ZodError, settings: readonly Setting[], env: Env, fileName: string | undefined): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const parent = issue.path.join('.');
      const siblings = new Set(
        settings
          .map((s) => s.path)
          .filter((p) => p.startsWith(`${parent}.`))
          .map((p) => p.split('.')[issue.path.length]!),
      );
      return issue.keys.map((key) => {
        const path = [...issue.path, key].join('.');
        return unknownKey(path, siblings, sourceOf(path, settings, env, fileName));
      });
    }
    const field = issue.path.join('.');
    return [`${field || 'config'}: ${issue.message}${sourceOf(field, settings, env, fileName)}`];
  });
}

/**
 * Defaults in code, then the JSON file named by RIFFROOM_CONFIG, then the environment (each
 * variable replaces the value at its setting's path), then `overrides`; every part validated once.
 * A key of the file that no part knows, at any depth, stops the load with its name, and so does a
 * bad value; every problem of every part is named in one message.
 */
export function loadLayeredConfig<Parts extends Record<string, ConfigPart>>(
  parts: Parts,
  { env, readFile, overrides }: LoadOptions<Parts>,
): { [K in keyof Parts]: PartConfig<Parts[K]> } {
  const fileName = env.RIFFROOM_CONFIG || undefined;
  const file = fileName ? readConfigFile(fileName, readFile) : {};
  const known = new Set(Object.values(parts).flatMap((part) => Object.keys(part.schema.shape)));
  const problems = Object.keys(file)
    .filter((key) => !known.has(key))
    .map((key) => unknownKey(key, known, ` (from ${fileName})`));

  const layered: Plain = { ...file };
  for (const setting of Object.values(parts).flatMap((part) => part.settings)) {
    const value = envValue(setting, env);
    if (value !== undefined) setPath(layered, setting.path, value);
  }

  const out: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(parts)) {
    const own = Object.fromEntries(Object.entries(layered).filter(([key]) => key in part.schema.shape));
    const parsed = part.schema.safeParse({ ...own, ...overrides?.[name] });
    if (!parsed.success) problems.push(...describe(parsed.error, part.settings, env, fileName));
    else if (problems.length === 0) out[name] = part.finish ? part.finish(parsed.data) : parsed.data;
  }
  if (problems.length > 0) throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  return out as { [K in keyof Parts]: PartConfig<Parts[K]> };
}
