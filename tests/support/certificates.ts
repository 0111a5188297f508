import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CertificateFiles {
  cert: string;
  key: string;
}

/**
 * A self-signed certificate for `names` made with the openssl command line, written into `dir`.
 * `expired` makes one whose validity ended a day before it began (openssl's `-days -1`), which every
 * client refuses as expired.
 */
export function makeCertificate(dir: string, names: string[], { expired = false } = {}): CertificateFiles {
  const base = path.join(dir, `${names[0]}${expired ? '-expired' : ''}`);
  const key = `${base}.key`;
  const csr = `${base}.csr`;
  const cert = `${base}.crt`;
  const ext = `${base}.ext`;
  const san = names.map((name) => (/^[\d.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  writeFileSync(ext, `subjectAltName=${san}\n`);
  const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', key]);
  openssl(['req', '-new', '-key', key, '-subj', `/CN=${names[0]}`, '-out', csr]);
  openssl(['x509', '-req', '-in', csr, '-signkey', key, '-days', expired ? '-1' : '30', '-extfile', ext, '-out', cert]);
  return { cert, key };
}
