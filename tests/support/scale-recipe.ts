import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The by-hand scaled setup as docs/scaling-out.md writes it, read out of the page's fenced blocks
 * (each marked `<!-- recipe: ... -->`), so a test can follow the recipe itself and the page cannot
 * drift from what works.
 */
export interface ScaleRecipe {
  /** Step 1's shell lines (PostgreSQL's role and database among them). */
  setup: string[];
  /** Each environment file by its name (`common.env`): its variables, in order. */
  envFiles: Map<string, Record<string, string>>;
  /** Step 3: each process's environment files, in order, and the npm script it runs. */
  starts: Array<{ envFiles: string[]; script: string }>;
  caddyfile: string;
  /** The "Checking each part" lines. */
  checks: string[];
}

/** The fenced block that follows each `<!-- recipe: name -->` marker. */
function markedBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const [, name, body] of markdown.matchAll(/<!-- recipe: ([^>]+?) -->\n```[^\n]*\n([\s\S]*?)\n```/g)) {
    blocks.set(name!, body!);
  }
  return blocks;
}

const lines = (block: string) =>
  block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

export function readScaleRecipe(file = path.join(repoRoot, 'docs', 'scaling-out.md')): ScaleRecipe {
  const markdown = readFileSync(file, 'utf8');
  const blocks = markedBlocks(markdown);
  const block = (name: string) => {
    const found = blocks.get(name);
    if (found === undefined) throw new Error(`${file} has no block marked <!-- recipe: ${name} -->`);
    return found;
  };
  const envFiles = new Map<string, Record<string, string>>();
  for (const [name, body] of blocks) {
    if (!name.startsWith('env ')) continue;
    const env: Record<string, string> = {};
    for (const line of lines(body)) {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (!match) throw new Error(`${name}: not a VARIABLE=value line: ${line}`);
      env[match[1]!] = match[2]!;
    }
    envFiles.set(name.slice('env '.length), env);
  }
  const starts = lines(block('start')).map((line) => {
    const match = /^\(set -a; ((?:\. \S+; )+)set \+a; exec npm run (\S+)\)$/.exec(line);
    if (!match) throw new Error(`not a start line the test can follow: ${line}`);
    return {
      envFiles: [...match[1]!.matchAll(/\. (\S+);/g)].map(([, file]) => path.basename(file!)),
      script: match[2]!,
    };
  });
  return {
    setup: lines(block('setup')),
    envFiles,
    starts,
    caddyfile: block('caddyfile'),
    checks: lines(block('checks')),
  };
}

/** What `npm run <script>` runs once the set-up is done (the test machine is set up already). */
export function npmScriptCommand(script: string): string[] {
  const scripts = (
    JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const command = scripts[script];
  if (!command) throw new Error(`package.json has no script ${script}`);
  return command.replace(/^node scripts\/setup\.mjs && /, '').split(' ');
}
