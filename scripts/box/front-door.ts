/**
 * The box's front door: plain HTTP by default, HTTPS when TLS_CERT and TLS_KEY name a certificate
 * (README "Put it on the internet"). Browsers allow screen sharing, WebCodecs (relay audio) and the
 * microphone only on secure pages, so a box reached by another machine needs HTTPS, from Caddy in
 * front or from here. Everything (pages, API, Socket.IO, PeerJS) then rides the one HTTPS port;
 * an optional HTTP_REDIRECT_PORT sends plain-HTTP visitors to it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { z } from 'zod';
import { publicUrlSchema } from '@riffroom/protocol';

const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional());

export const frontDoorConfigSchema = z
  .object({
    /** PEM certificate chain (full chain) and its private key; both or neither. */
    tlsCert: optionalText,
    tlsKey: optionalText,
    /** A second, plain-HTTP port that answers every request with a redirect to the HTTPS address. */
    httpRedirectPort: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    /**
     * The address people use to reach the box, e.g. https://studio.example.com: where the redirect
     * points and what `npm run doctor` checks the certificate and announced address against.
     */
    publicUrl: z.preprocess((value) => (value === '' ? undefined : value), publicUrlSchema.optional()),
  })
  .refine((config) => Boolean(config.tlsCert) === Boolean(config.tlsKey), {
    message: 'TLS_CERT and TLS_KEY must be set together',
  })
  .refine((config) => config.httpRedirectPort === undefined || config.tlsCert, {
    message: 'HTTP_REDIRECT_PORT needs TLS_CERT and TLS_KEY (it redirects to the HTTPS port)',
  });
export type FrontDoorConfig = z.infer<typeof frontDoorConfigSchema>;

export class FrontDoorConfigError extends Error {}

export function loadFrontDoorConfig(env: Record<string, string | undefined> = process.env): FrontDoorConfig {
  const result = frontDoorConfigSchema.safeParse({
    tlsCert: env.TLS_CERT,
    tlsKey: env.TLS_KEY,
    httpRedirectPort: env.HTTP_REDIRECT_PORT,
    publicUrl: env.PUBLIC_URL,
  });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const names: Record<string, string> = {
      tlsCert: 'TLS_CERT',
      tlsKey: 'TLS_KEY',
      httpRedirectPort: 'HTTP_REDIRECT_PORT',
      publicUrl: 'PUBLIC_URL',
    };
    const field = names[String(issue.path[0] ?? '')];
    throw new FrontDoorConfigError(`Invalid configuration: ${field ? `${field}: ` : ''}${issue.message}`);
  }
  return result.data;
}

/** The box's main server: https.Server is an http.Server too, so Socket.IO and PeerJS attach alike. */
export function createFrontDoor(config: FrontDoorConfig): { server: http.Server; scheme: 'http' | 'https' } {
  if (!config.tlsCert || !config.tlsKey) return { server: http.createServer(), scheme: 'http' };
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new FrontDoorConfigError(`Invalid configuration: ${name}: cannot read ${file} (${String(error)})`);
    }
  };
  const server = https.createServer({ cert: read(config.tlsCert, 'TLS_CERT'), key: read(config.tlsKey, 'TLS_KEY') });
  return { server, scheme: 'https' };
}

/**
 * Where a plain-HTTP request is sent: PUBLIC_URL when set, else the same host name on the HTTPS
 * port. Only the path and query come from the request; the host comes from the request only
 * without PUBLIC_URL, and then with its port replaced.
 */
export function redirectTarget(requestHost: string | undefined, url: string, httpsPort: number, publicUrl?: string) {
  const pathAndQuery = url.startsWith('/') ? url : '/';
  if (publicUrl) return `${publicUrl}${pathAndQuery}`;
  const named = (requestHost ?? '').replace(/:\d+$/, '');
  // A Host header is the visitor's own word; anything but a plain name or address goes nowhere odd.
  const hostname = /^[a-z0-9.-]+$/i.test(named) || /^\[[0-9a-f:.]+\]$/i.test(named) ? named : 'localhost';
  const port = httpsPort === 443 ? '' : `:${httpsPort}`;
  return `https://${hostname}${port}${pathAndQuery}`;
}

export function createRedirectServer(httpsPort: () => number, publicUrl?: string): http.Server {
  return http.createServer((req, res) => {
    res.statusCode = 308;
    res.setHeader('Location', redirectTarget(req.headers.host, req.url ?? '/', httpsPort(), publicUrl));
    res.end();
  });
}
