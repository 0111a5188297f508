import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { firebaseIdentitySources, inlineScriptHashes, pagePolicy } from './content-security-policy.js';

describe('the page policy', () => {
  it('hashes inline scripts only, byte for byte', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script><SCRIPT>\n b()\n</SCRIPT>';
    const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n b()\n')]);
  });

  it("hashes the legacy build's inline SystemJS entry, whose data-src is no src (issue 37)", () => {
    const entry = "System.import(document.getElementById('vite-legacy-entry').getAttribute('data-src'))";
    const html = `<script nomodule crossorigin id="vite-legacy-entry" data-src="/assets/index-legacy-x.js">${entry}</script>`;
    const sha = `'sha256-${createHash('sha256').update(entry).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha]);
    expect(inlineScriptHashes('<script nomodule\tsrc="/p.js"></script><script src=/q.js></script>')).toEqual([]);
  });

  it('names no host it cannot trust in connect-src', () => {
    const policy = pagePolicy('');
    expect(policy('box.example:8080')).toContain("connect-src 'self' ws://box.example:8080 wss://box.example:8080;");
    expect(policy('evil.example; script-src *')).toContain("connect-src 'self';");
    expect(policy(undefined)).toContain("connect-src 'self';");
  });

  it('loads images only from the page itself, never from another site (issue 36)', () => {
    expect(pagePolicy('')('box.example')).toContain("img-src 'self' data: blob:;");
  });

  it('lets Firebase mode reach its identity endpoints and the emulator', () => {
    const sources = firebaseIdentitySources({
      apiKey: 'k',
      authDomain: 'demo.firebaseapp.com',
      projectId: 'demo',
      authEmulatorUrl: 'http://127.0.0.1:9099',
    });
    const policy = pagePolicy('', sources)('box.example');
    expect(policy).toContain(
      'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com http://127.0.0.1:9099',
    );
    expect(policy).toContain('frame-src https://demo.firebaseapp.com');
  });
});
