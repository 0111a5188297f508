/**
 * The front door's settings (docs/internet.md): the box's own HTTPS certificate, the
 * plain-HTTP redirect and PUBLIC_URL. They belong to the box alone (neither the API nor the media
 * node listens for itself in the single box), so the box loads them as a third part beside the
 * API's and the media node's (ARCHITECTURE.md "Config").
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { publicUrlSchema } from '@riffroom/protocol';
import { API_CONFIG } from '@riffroom/server';
import { ConfigError, loadLayeredConfig, type ConfigPart, type Setting } from '@riffroom/protocol/config';

export const frontDoorConfigSchema = z.strictObject({
  /** PEM certificate chain (full chain) and its private key; both or neither. */
  tlsCert: z.string().min(1).optional(),
  tlsKey: z.string().min(1).optional(),
  /** A second, plain-HTTP port that answers every request with a redirect to the HTTPS address. */
  httpRedirectPort: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * The address people use to reach the box, e.g. https://studio.example.com: where the redirect
   * points and what `npm run doctor` checks the certificate and announced address against.
   */
  publicUrl: publicUrlSchema.optional(),
});
export type FrontDoorConfig = z.output<typeof frontDoorConfigSchema>;

export const FRONT_DOOR_SETTINGS: readonly Setting[] = [
  {
    path: 'tlsCert',
    env: 'TLS_CERT',
    defaultNote: 'none (plain HTTP)',
    meaning:
      'A PEM certificate (full chain): with `TLS_KEY` the box serves pages, API, Socket.IO and PeerJS over HTTPS on `PORT`',
  },
  { path: 'tlsKey', env: 'TLS_KEY', defaultNote: 'none', meaning: "The certificate's private key (PEM)" },
  {
    path: 'httpRedirectPort',
    env: 'HTTP_REDIRECT_PORT',
    defaultNote: 'none',
    meaning:
      'A plain-HTTP port that redirects every request to `PUBLIC_URL` (or the same name on `PORT`); needs `TLS_CERT`',
  },
  // One row with the API's, which reads the same setting for invite links and feed URLs.
  API_CONFIG.settings.find((setting) => setting.path === 'publicUrl')!,
];

/** Rules across the settings: a certificate needs its key, and the redirect needs HTTPS to go to. */
function finishFrontDoorConfig(parsed: FrontDoorConfig): FrontDoorConfig {
  const invalid = (why: string) => new ConfigError(`invalid configuration: ${why}`);
  if (Boolean(parsed.tlsCert) !== Boolean(parsed.tlsKey)) throw invalid('TLS_CERT and TLS_KEY must be set together');
  if (parsed.httpRedirectPort !== undefined && !parsed.tlsCert) {
    throw invalid('HTTP_REDIRECT_PORT needs TLS_CERT and TLS_KEY (it redirects to the HTTPS port)');
  }
  return parsed;
}

export const FRONT_DOOR_CONFIG: ConfigPart<typeof frontDoorConfigSchema, FrontDoorConfig> = {
  schema: frontDoorConfigSchema,
  settings: FRONT_DOOR_SETTINGS,
  finish: finishFrontDoorConfig,
};

/** The front door's settings alone (tests); the box and the doctor load them with the rest. */
export function loadFrontDoorConfig(env: Record<string, string | undefined> = process.env): FrontDoorConfig {
  const readFile = (file: string) => readFileSync(file, 'utf8');
  return loadLayeredConfig({ frontDoor: FRONT_DOOR_CONFIG }, { env, readFile }).frontDoor;
}
