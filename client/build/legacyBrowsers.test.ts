/**
 * Issue 37, item 12: the built page (client/dist, built by `npm run build -w client`, which setup
 * runs before the tests) carries a `nomodule` fallback for spec part 9's minimum browsers, and
 * everything that fallback runs parses as ES2017, which Chrome 72, Firefox 59 and Safari 11.1 all
 * read. The modern check and entry stay fit for the page's Content-Security-Policy (no data: URL
 * modules). That a modern Chromium takes only the modern bundle is checked in the real box:
 * tests/security/content-security-policy.test.ts.
 */
import { parse } from 'acorn';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

interface ScriptTag {
  attributes: string;
  body: string;
}

function scriptTags(html: string): ScriptTag[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes = '', body = '']) => ({
    attributes,
    body,
  }));
}

const attribute = (tag: ScriptTag, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tag.attributes)?.[1];

/** Parses as a classic script at ES2017, or throws naming the file and the spot. */
function parseEs2017(code: string, where: string) {
  try {
    parse(code, { ecmaVersion: 2017, sourceType: 'script' });
  } catch (error) {
    const pos = (error as { pos?: number }).pos ?? 0;
    throw new Error(`${where} is not ES2017: ${(error as Error).message} near ${code.slice(pos - 40, pos + 40)}`, {
      cause: error,
    });
  }
}

describe('the built page', () => {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`no client build in ${dist}: run npm run build -w client`);
  }
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = scriptTags(html);
  const asset = (url: string) => readFileSync(path.join(dist, url), 'utf8');

  it('carries a nomodule fallback whose every script parses as ES2017', () => {
    const fallback = tags.filter((tag) => /(?:^|\s)nomodule\b/.test(tag.attributes));
    const polyfills = fallback.map((tag) => attribute(tag, 'src')).find(Boolean);
    const entry = fallback.map((tag) => attribute(tag, 'data-src')).find(Boolean);
    expect(polyfills).toMatch(/^\/assets\/polyfills-legacy-.*\.js$/);
    expect(entry).toMatch(/^\/assets\/index-legacy-.*\.js$/);
    for (const tag of fallback) parseEs2017(tag.body, `index.html's <script${tag.attributes}>`);
    // SystemJS loads the entry's chunks later (the calendar, Firebase...): every legacy chunk counts.
    const legacyChunks = readdirSync(path.join(dist, 'assets')).filter((name) => /-legacy-[^/]*\.js$/.test(name));
    expect(legacyChunks).toEqual(expect.arrayContaining([path.basename(polyfills!), path.basename(entry!)]));
    for (const name of legacyChunks) {
      const code = asset(`assets/${name}`);
      parseEs2017(code, name);
      // Styles come from the page's stylesheet: a <style> a chunk injects is refused by style-src 'self'.
      expect(code, name).not.toMatch(/createElement\(["'`]style["'`]\),\w+\.textContent=/);
    }
  });

  it('keeps the modern bundle for modern browsers, checked without data: URL modules', () => {
    const modern = tags.filter((tag) => attribute(tag, 'type') === 'module');
    const entry = modern.map((tag) => attribute(tag, 'src')).find(Boolean);
    expect(entry).toMatch(/^\/assets\/index-[^/]*\.js$/);
    expect(entry).not.toContain('-legacy');
    // The modern bundle keeps syntax the minimum browsers cannot read: it is not the fallback.
    expect(() => parseEs2017(asset(entry!), 'the modern entry')).toThrow();
    // The page's check that a browser may take the modern bundle runs inline (its hash is in the CSP).
    expect(modern.some((tag) => tag.body.includes('if(!import.meta.resolve)throw'))).toBe(true);
    // The page's policy refuses data: scripts: a data: module would send every browser to the fallback.
    for (const file of ['index.html', entry!.slice(1)]) expect(asset(file)).not.toContain('data:text/javascript');
    expect(asset(entry!.slice(1))).toMatch(/^import'\.\/legacy-guard-[\w-]+\.js';/m);
  });
});
