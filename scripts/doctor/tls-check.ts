import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import type { FrontDoorConfig } from '../box/front-door.js';
import { fail, ok, warn, type CheckResult } from './check.js';

const DAY_MS = 24 * 3600 * 1000;
/** Let's Encrypt renews 30 days ahead; a certificate this close to its end is not being renewed. */
const RENEWAL_WARNING_DAYS = 14;

const NAME = 'TLS certificate';

/**
 * HTTPS, from either side of the two ways (docs/internet.md): the box's own
 * TLS_CERT, or, with Caddy in front, the certificate PUBLIC_URL actually serves.
 */
export async function checkTls(frontDoor: FrontDoorConfig, now = new Date()): Promise<CheckResult> {
  const publicUrl = frontDoor.publicUrl ? new URL(frontDoor.publicUrl) : undefined;
  if (frontDoor.tlsCert) {
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(readFileSync(frontDoor.tlsCert));
    } catch (error) {
      return fail(
        NAME,
        `cannot read TLS_CERT ${frontDoor.tlsCert}: ${(error as Error).message}`,
        'point TLS_CERT at a PEM certificate chain.',
      );
    }
    return judge(certificate, `TLS_CERT ${frontDoor.tlsCert}`, publicUrl, now);
  }
  if (publicUrl?.protocol === 'https:') {
    const served = await servedCertificate(publicUrl).catch((error: Error) => error);
    if (served instanceof Error) {
      return warn(
        NAME,
        `could not fetch the certificate of ${publicUrl.origin} from here (${served.message}).`,
        'check that Caddy runs and that DNS for the name points at this machine.',
      );
    }
    return judge(served, `served at ${publicUrl.origin}`, publicUrl, now);
  }
  return warn(
    NAME,
    'no HTTPS (no TLS_CERT/TLS_KEY, no https:// PUBLIC_URL): only browsers on this machine (localhost) can share a screen or hear relay audio.',
    'put Caddy in front (docker/Caddyfile) and set PUBLIC_URL=https://your.name, or set TLS_CERT and TLS_KEY; docs/internet.md.',
  );
}

function judge(certificate: X509Certificate, where: string, publicUrl: URL | undefined, now: Date): CheckResult {
  const expires = new Date(certificate.validTo);
  const expiry = expires.toISOString().slice(0, 10);
  if (expires.getTime() <= now.getTime()) {
    return fail(
      NAME,
      `${where} expired on ${expiry}; browsers refuse the page.`,
      'renew it (or let Caddy manage it) and restart the box.',
    );
  }
  if (new Date(certificate.validFrom).getTime() > now.getTime()) {
    return fail(NAME, `${where} is not valid before ${certificate.validFrom}.`, "check this machine's clock.");
  }
  if (publicUrl) {
    const host = publicUrl.hostname.replace(/^\[|\]$/g, '');
    const matches = net.isIP(host) ? certificate.checkIP(host) : certificate.checkHost(host);
    if (!matches) {
      return fail(
        NAME,
        `${where} is not valid for ${host} (it names ${certificate.subjectAltName ?? certificate.subject}).`,
        `get a certificate for ${host}, or set PUBLIC_URL to the name the certificate carries.`,
      );
    }
  }
  const daysLeft = Math.floor((expires.getTime() - now.getTime()) / DAY_MS);
  const detail = `${where}${publicUrl ? ` is valid for ${publicUrl.hostname}` : ''}, expires ${expiry} (${daysLeft} days).`;
  if (daysLeft < RENEWAL_WARNING_DAYS)
    return warn(NAME, detail, 'renew it soon; with Caddy, check that renewal works (its log).');
  if (!publicUrl)
    return warn(NAME, detail, 'set PUBLIC_URL to the https:// address people use, so the name can be checked.');
  return ok(NAME, detail);
}

function servedCertificate(url: URL): Promise<X509Certificate> {
  const port = Number(url.port) || 443;
  return new Promise((resolve, reject) => {
    const socket = tls.connect(
      {
        host: url.hostname,
        port,
        servername: net.isIP(url.hostname) ? undefined : url.hostname,
        rejectUnauthorized: false,
      },
      () => {
        const raw = socket.getPeerCertificate(false).raw;
        socket.destroy();
        if (!raw) reject(new Error('no certificate'));
        else resolve(new X509Certificate(raw));
      },
    );
    socket.setTimeout(3000, () => socket.destroy(new Error('timed out')));
    socket.once('error', reject);
  });
}
