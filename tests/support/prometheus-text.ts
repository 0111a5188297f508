/**
 * A small, strict reader of the Prometheus text exposition format (version 0.0.4), for tests of
 * /metrics: every line must be a HELP, a TYPE or a well-formed sample of a declared family, or it
 * throws naming the line. prom-client writes this format but ships no reader.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+(-?\\d+))?$`);
const LABEL = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(,|$)/;
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: ['', '_total', '_created'],
  gauge: [''],
  histogram: ['_bucket', '_sum', '_count', '_created'],
  summary: ['', '_sum', '_count', '_created'],
  untyped: [''],
};

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (name: string) => {
    const family = families.get(name);
    if (family) return family;
    const created: Family = { name, type: 'untyped', help: '', samples: [] };
    families.set(name, created);
    return created;
  };
  text.split('\n').forEach((line, index) => {
    const fail = (why: string): never => {
      throw new Error(`metrics line ${index + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const meta = new RegExp(`^# (HELP|TYPE) (${NAME})(?: (.*))?$`).exec(line);
      if (!meta) return; // A plain comment.
      const [, kind, name, rest = ''] = meta;
      const family = familyOf(name!);
      if (kind === 'HELP') family.help = rest;
      else if (['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) {
        if (family.samples.length > 0) fail('TYPE after samples');
        family.type = rest as Family['type'];
      } else fail('unknown TYPE');
      return;
    }
    const match = SAMPLE.exec(line) ?? fail('not a sample');
    const [, name, rawLabels = '', rawValue] = match;
    const family = familyFor(families, name!) ?? fail('sample of no declared family');
    const labels: Record<string, string> = {};
    let rest = rawLabels;
    while (rest.trim() !== '') {
      const label = LABEL.exec(rest) ?? fail('bad label');
      if (label[1]! in labels) fail('repeated label');
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      rest = rest.slice(label[0].length);
    }
    const value = parseValue(rawValue!) ?? fail('bad value');
    family.samples.push({ name: name!, labels, value });
  });
  return families;
}

function familyFor(families: Map<string, Family>, sampleName: string): Family | undefined {
  for (const family of families.values()) {
    if (SUFFIXES[family.type].some((suffix) => family.name + suffix === sampleName)) return family;
  }
  return undefined;
}

/** As Prometheus reads values (Go's ParseFloat): NaN and Inf in any case; prom-client writes 'Nan'. */
function parseValue(raw: string): number | null {
  const special = raw.toLowerCase();
  if (special === 'nan') return NaN;
  if (special === '+inf' || special === 'inf' || special === '+infinity' || special === 'infinity') return Infinity;
  if (special === '-inf' || special === '-infinity') return -Infinity;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) ? Number(raw) : null;
}

/** The value of the one sample of `name` whose labels include `labels`; throws when none or many match. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const matches = [...families.values()]
    .flatMap((family) => family.samples)
    .filter((sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v));
  if (matches.length !== 1) throw new Error(`${matches.length} samples of ${name} ${JSON.stringify(labels)}`);
  return matches[0]!.value;
}

/** The sum of every sample of `name` whose labels include `labels` (0 when none). */
export function sampleSum(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  return [...families.values()]
    .flatMap((family) => family.samples)
    .filter((sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** GETs a /metrics URL and parses it. */
export async function scrape(url: string): Promise<Map<string, Family>> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
  return parsePrometheusText(await response.text());
}
