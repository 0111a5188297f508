import { iceServersFor, type MediaConfig } from '@riffroom/media';
import { fail, ok, warn, type CheckResult } from './check.js';
import { parseTurnUrl, tryAllocate } from './turn-allocate.js';

/**
 * TURN, as a guest would use it: the credential comes from the same code that hands credentials to
 * room members (a fresh one from TURN_SECRET, or the static pair), and each TURN_URLS entry must
 * allocate a relay with it. turns: URLs are checked against the system's trusted roots (and
 * NODE_EXTRA_CA_CERTS), as a browser would.
 */
export async function checkTurn(media: MediaConfig): Promise<CheckResult[]> {
  if (media.turnUrls.length === 0) {
    return [
      warn(
        'TURN',
        'none configured: guests behind strict NAT or a firewall that blocks UDP fall back to the lower-quality relay tier.',
        'run coturn (docker/turnserver.conf) and set TURN_URLS and TURN_SECRET; docs/internet.md, step 4.',
      ),
    ];
  }
  const turn = iceServersFor({ ...media, stunUrls: [] }, 'riffroom-doctor').find((server) => server.username);
  if (!turn?.username || !turn.credential) {
    return [fail('TURN', 'TURN_URLS is set but no credential is.', "set TURN_SECRET to coturn's static-auth-secret.")];
  }
  const results: CheckResult[] = [];
  for (const url of media.turnUrls) {
    const name = `TURN ${url}`;
    let target;
    try {
      target = parseTurnUrl(url);
    } catch (error) {
      results.push(
        fail(name, (error as Error).message, 'write it as turn:HOST:PORT?transport=udp|tcp or turns:HOST:PORT.'),
      );
      continue;
    }
    const outcome = await tryAllocate(target, turn.username, turn.credential);
    if (outcome.ok) {
      results.push(
        ok(name, `a relay was allocated with the credential the box hands out (relayed ${outcome.relayedAddress}).`),
      );
    } else if (outcome.reason === 'refused-credential') {
      results.push(
        fail(
          name,
          `the server refused the credential the box hands out (${outcome.detail}).`,
          media.turnSecret
            ? "TURN_SECRET must equal static-auth-secret in coturn's turnserver.conf (with use-auth-secret), and both clocks must be right."
            : 'TURN_USERNAME/TURN_CREDENTIAL must be a user coturn knows (lt-cred-mech).',
        ),
      );
    } else if (outcome.reason === 'unreachable') {
      results.push(
        fail(
          name,
          `no TURN answer from ${target.host}:${target.port}/${target.transport === 'udp' ? 'udp' : 'tcp'} (${outcome.detail}).`,
          `start coturn (turnserver -c docker/turnserver.conf) and open ${target.port}/${target.transport === 'udp' ? 'udp' : 'tcp'} in the firewall${target.transport === 'tls' ? '; for turns: its certificate must be valid for the name' : ''}.`,
        ),
      );
    } else {
      results.push(fail(name, `the allocation failed (${outcome.detail}).`, "read coturn's log."));
    }
  }
  return results;
}
