import { createHash } from 'node:crypto';
import type { FirebaseClientConfig } from '@riffroom/protocol';

/**
 * The client page's Content-Security-Policy. The refresh token lives in localStorage, so one
 * injected script would take the account over: the policy is the backstop. Scripts run only from
 * this origin, plus the page's own inline bootstrap script, allowed by its sha256 (computed from
 * the built index.html when the server starts, never copied by hand). Nothing may frame the page,
 * change its base URL, or load plugins.
 */
export interface PagePolicyOptions {
  /** Origins the page may also call, e.g. Firebase's identity APIs in Firebase mode. */
  connectSources?: readonly string[];
  /** Origins the page may frame, e.g. Firebase's auth domain for its helper iframe. */
  frameSources?: readonly string[];
}

/**
 * `sha256-…` of every inline <script> (one without src) in the page, as CSP source expressions:
 * the bootstrap script, and the legacy build's nomodule fix, modern-browser check, fallback loader
 * and SystemJS entry (client/build/legacyBrowsers.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    // `src` itself, not `data-src`: the legacy build's inline entry script carries data-src (issue 37).
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** A Host header fit to name in a policy, or null (it comes from the client: nothing else goes in). */
function safeHost(host: string | undefined): string | null {
  if (!host) return null;
  return /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/.test(host) ? host : null;
}

/**
 * Builds the policy for a request to `host`. connect-src names the page's own host with ws: and
 * wss: too: CSP Level 3 lets 'self' cover them, but not every browser in use does, and Socket.IO
 * and PeerJS need the WebSocket (wss: behind a TLS proxy, ws: on a plain port).
 */
export function pagePolicy(html: string, options: PagePolicyOptions = {}): (host: string | undefined) => string {
  const scripts = ["'self'", ...inlineScriptHashes(html)].join(' ');
  const extraConnect = options.connectSources ?? [];
  const frames = options.frameSources?.length ? options.frameSources.join(' ') : "'none'";
  return (host) => {
    const own = safeHost(host);
    const connect = ["'self'", ...(own ? [`ws://${own}`, `wss://${own}`] : []), ...extraConnect].join(' ');
    return [
      "default-src 'self'",
      `script-src ${scripts}`,
      "style-src 'self'",
      // Profile pictures are uploaded to this origin (issue 36: never links to other sites, so no
      // https: here); the favicon is a data: URL.
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      `connect-src ${connect}`,
      "font-src 'self'",
      `frame-src ${frames}`,
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
  };
}

/**
 * What the page calls in Firebase mode: the SDK signs in through Identity Toolkit, refreshes
 * through Secure Token (or all of it through the Auth emulator), and may frame its auth domain.
 */
export function firebaseIdentitySources(client: FirebaseClientConfig): PagePolicyOptions {
  const connectSources = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  if (client.authEmulatorUrl) connectSources.push(new URL(client.authEmulatorUrl).origin);
  return { connectSources, frameSources: [`https://${client.authDomain}`] };
}
