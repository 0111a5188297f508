import legacy from '@vitejs/plugin-legacy';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Spec part 9's minimum browsers: Chrome 72, Firefox 59, Safari 605 (WebKit 605 is Safari 11.1 on
 * macOS, iOS 11.3). They get a `nomodule`/SystemJS build with core-js polyfills; the modern bundle
 * keeps its native syntax for everyone else. Safari is named from 11.0, one step below: that makes
 * Babel lower object spread and optional catch too, so the legacy build is plain ES2017, which all
 * three parse, and a test can hold it to that (client/build/legacyBrowsers.test.ts).
 */
export const LEGACY_TARGETS = ['chrome >= 72', 'firefox >= 59', 'safari >= 11', 'ios_saf >= 11'];

/**
 * One stylesheet serves both builds, so it is lowered for the oldest (media query ranges, colour
 * notations) while it keeps the prefixes newer browsers still need (Safari's -webkit-backdrop-filter):
 * plugin-legacy's own 'chrome61' alone would drop those.
 */
export const CSS_TARGETS = ['chrome72', 'edge79', 'firefox59', 'safari11', 'ios11'];

/**
 * The modern bundle's targets: Vite 8's own default (build.target 'baseline-widely-available'), so
 * modern browsers get the very bundle they got before the legacy build. plugin-legacy's own default
 * would lower it to es2020 (logical assignments, private fields). Browsers that pass plugin-legacy's
 * modern check (import.meta.resolve) but are older than these got this bundle before too.
 */
export const MODERN_TARGETS = ['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4', 'ios_saf >= 16.4'];

// What plugin-legacy 8 writes to tell a modern browser (import.meta.resolve: Chrome 105, Firefox
// 106, Safari 16.4) from one that needs the legacy build. It imports a data: URL module, which our
// Content-Security-Policy (script-src 'self' plus hashes, media/src/http/content-security-policy.ts)
// refuses: every browser would then take the legacy path. Allowing data: scripts would let an
// injected <script src="data:..."> run, so the check moves where the policy allows it instead.
const CHECK = 'if(!import.meta.resolve)throw Error("import.meta.resolve not supported")';
const dataModule = (chunkId: string | null) =>
  `import'data:text/javascript,${chunkId === null ? '' : `${JSON.stringify(chunkId)};`}${CHECK}';`;

/**
 * Rewrites plugin-legacy's two data: URL checks so that they run under the page's policy:
 * - the page's inline detection script does the check itself (it has no other import to run first;
 *   its hash is in the policy like every inline script's);
 * - a modern entry chunk imports the check from a file of its own beside it, so the check still
 *   runs before any of the chunk's other imports. One file per entry: Safari 15 and older throw a
 *   module's error only for its first importer.
 * The build fails if plugin-legacy's output changes shape, rather than ship a page that always
 * takes the legacy path.
 */
function checksWithoutDataUrls(): Plugin {
  let outDir = '';
  return {
    name: 'riffroom-legacy-checks-without-data-urls',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'asset' && file.fileName.endsWith('.html') && typeof file.source === 'string') {
            file.source = file.source.replace(dataModule(null), `${CHECK};`);
          }
          if (file.type !== 'chunk' || !file.isEntry) continue;
          const guard = dataModule(file.fileName);
          if (!file.code.includes(guard)) continue;
          const source = `${JSON.stringify(file.fileName)};${CHECK}`;
          const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
          const fileName = path.posix.join(path.posix.dirname(file.fileName), `legacy-guard-${hash}.js`);
          this.emitFile({ type: 'asset', fileName, source });
          const relative = `./${path.posix.relative(path.posix.dirname(file.fileName), fileName)}`;
          file.code = file.code.replace(guard, `import'${relative}';`);
        }
      },
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
        /\.(js|html)$/.test(name),
      );
      const left = files.filter((name) =>
        readFileSync(path.join(outDir, name), 'utf8').includes('data:text/javascript'),
      );
      if (left.length > 0) {
        throw new Error(
          `plugin-legacy's data: URL checks are still in ${left.join(', ')}: the page's CSP refuses them`,
        );
      }
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!html.includes(`${CHECK};import.meta.url`) || !html.includes('nomodule')) {
        throw new Error("index.html lacks plugin-legacy's modern-browser check or its nomodule fallback");
      }
    },
  };
}

/** The legacy build for spec part 9's minimum browsers, fit for the page's Content-Security-Policy. */
export function legacyBrowsers(): Plugin[] {
  return [...legacy({ targets: LEGACY_TARGETS, modernTargets: MODERN_TARGETS }), checksWithoutDataUrls()];
}
