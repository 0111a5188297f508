import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headingAnchors, relativeLinks, withoutCode } from './docs/markdown-links.js';
import { documentedSettingsTable, generatedSettingsTable } from './docs/settings-table.js';

// The docs check: README.md, ARCHITECTURE.md and docs/ link only to files and headings that exist,
// speak to users (no tracker numbers), and list every setting the config schemas know.
const root = fileURLToPath(new URL('..', import.meta.url));
const docsDir = path.join(root, 'docs');
const docs = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Each relative link of `file` that points at no file, or at a heading its file does not have. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const link of relativeLinks(read(file))) {
    const [target = '', anchor] = link.split('#');
    const resolved = target === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), target);
    if (!existsSync(resolved)) broken.push(`${link} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
      if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${link} (no such heading)`);
    }
  }
  return broken;
}

describe('the docs', () => {
  it.each(docs)('%s has no broken relative link', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it.each(docs)('%s cites no tracker numbers', (file) => {
    expect(withoutCode(read(file)).match(/\b(issue|ticket|PR)\s*#?\d+|(^|\s)#\d+\b/gim) ?? []).toEqual([]);
  });

  it('README.md stays a front door: at most about 300 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(320);
  });

  it('lists every setting, as the config schemas print it (npm run docs:settings rewrites it)', () => {
    const documented = documentedSettingsTable();
    expect(documented, 'docs/running-and-configuring.md has its settings table markers').not.toBeNull();
    const generated = generatedSettingsTable();
    const variable = (row: string) => row.split('|')[1]?.trim();
    const rows = (table: string) => new Set(table.split('\n').slice(2).map(variable));
    const documentedRows = rows(documented!);
    // A missing row first, by name: the usual cause is a new setting not yet in the doc.
    expect([...rows(generated)].filter((name) => !documentedRows.has(name))).toEqual([]);
    expect(documented).toBe(generated);
  });
});

describe('the link check', () => {
  it('finds a link to a missing file and to a missing heading', () => {
    expect(relativeLinks('[a](docs/nothing.md) `[b](c.md)` [d](https://x.example) [e](#here)')).toEqual([
      'docs/nothing.md',
      '#here',
    ]);
    expect(headingAnchors('# Riffroom\n## Run it (`npm start`)\n## Run it (`npm start`)\n')).toEqual(
      new Set(['riffroom', 'run-it-npm-start', 'run-it-npm-start-1']),
    );
  });
});
