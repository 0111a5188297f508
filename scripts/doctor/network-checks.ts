import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { announcedAddress, type MediaConfig } from '@riffroom/media';
import { isPrivateAddress, isPublicName } from './addresses.js';
import { fail, ok, warn, type CheckResult } from './check.js';

/**
 * The address ICE candidates carry must be one the guests can reach. A box on a public name that
 * announces a LAN or loopback address is the classic "everything connects, no picture" fault.
 */
export function checkAnnouncedAddress(media: MediaConfig, publicUrl: string | undefined): CheckResult {
  const name = 'announced address';
  const announced = announcedAddress(media) ?? media.rtcListenIp;
  const source = media.rtcAnnouncedAddress ? 'RTC_ANNOUNCED_ADDRESS' : 'picked from this machine';
  const publicHost = publicUrl ? new URL(publicUrl).hostname : undefined;
  if (publicHost && isPublicName(publicHost) && isPrivateAddress(announced)) {
    return warn(
      name,
      `${announced} (${source}) is a private or loopback address, but PUBLIC_URL ${publicUrl} is a public name: guests on the internet get no media.`,
      `set RTC_ANNOUNCED_ADDRESS to this machine's public IP address (or the public name's address), and forward the RTC ports to it.`,
    );
  }
  return ok(name, `${announced} (${source})`);
}

export type PortState = 'free' | 'in-use' | 'error';

/** Whether this process could bind the port: in use means something (the box, or another program) holds it. */
export function probePort(protocol: 'udp' | 'tcp', host: string, port: number): Promise<PortState> {
  return new Promise((resolve) => {
    const settle = (error: NodeJS.ErrnoException | null, close: () => void) => {
      close();
      resolve(!error ? 'free' : error.code === 'EADDRINUSE' ? 'in-use' : 'error');
    };
    if (protocol === 'udp') {
      const socket = dgram.createSocket({ type: net.isIPv6(host) ? 'udp6' : 'udp4' });
      socket.once('error', (error) => settle(error, () => socket.close()));
      socket.bind({ port, address: host, exclusive: true }, () => settle(null, () => socket.close()));
    } else {
      const server = net.createServer();
      server.once('error', (error) => settle(error, () => server.close()));
      server.listen({ port, host, exclusive: true }, () => settle(null, () => server.close()));
    }
  });
}

/**
 * Each worker's RTC port, UDP and TCP: held by the running box, or free for it before it starts.
 * The box's WebRtcServer takes both on RTC_LISTEN_IP, worker i on RTC_PORT + i.
 */
export async function checkRtcPorts(media: MediaConfig, boxRunning: boolean): Promise<CheckResult[]> {
  if (media.rtcPort === 0) {
    return [
      warn(
        'RTC ports',
        'RTC_PORT=0: each worker picks a random port, which no firewall rule can name.',
        'set RTC_PORT (40000 by default) and open RTC_PORT..RTC_PORT+workers-1 for UDP and TCP.',
      ),
    ];
  }
  const results: CheckResult[] = [];
  for (let worker = 0; worker < media.workers; worker++) {
    const port = media.rtcPort + worker;
    for (const protocol of ['udp', 'tcp'] as const) {
      const name = `RTC port ${port}/${protocol}`;
      const state = await probePort(protocol, media.rtcListenIp, port);
      if (state === 'error') {
        results.push(
          fail(name, `cannot test on ${media.rtcListenIp}.`, `check RTC_LISTEN_IP is an address of this machine.`),
        );
      } else if (boxRunning) {
        results.push(
          state === 'in-use'
            ? ok(name, `bound on ${media.rtcListenIp} (the running box).`)
            : fail(
                name,
                `nothing is bound on ${media.rtcListenIp}: the running box does not listen there.`,
                `run the doctor with the box's own settings (RTC_PORT, RTC_LISTEN_IP, MEDIASOUP_WORKERS), and read the box's log.`,
              ),
        );
      } else {
        results.push(
          state === 'free'
            ? ok(name, `free for the box on ${media.rtcListenIp}.`)
            : fail(
                name,
                `already taken by another program on ${media.rtcListenIp}; the box cannot start its media server.`,
                `find it with \`ss -lunp 'sport = :${port}'\` / \`ss -ltnp 'sport = :${port}'\` and stop it, or set RTC_PORT to a free range.`,
              ),
        );
      }
    }
  }
  return results;
}

/** The SFU benchmarks (docs/performance.md) lost packets with the kernel's default 208 KiB. */
export const RECOMMENDED_UDP_BUFFER = 4 * 1024 * 1024;

export function checkUdpBuffers(
  readSysctl = (key: string) => readFileSync(`/proc/sys/${key.replaceAll('.', '/')}`, 'utf8'),
) {
  const name = 'kernel UDP buffers';
  const keys = ['net.core.rmem_max', 'net.core.rmem_default', 'net.core.wmem_max', 'net.core.wmem_default'];
  const values = new Map<string, number>();
  try {
    for (const key of keys) values.set(key, Number(readSysctl(key).trim()));
  } catch {
    return warn(
      name,
      'cannot read net.core.* sysctls here (not Linux, or a restricted container).',
      'set them on the host.',
    );
  }
  const low = keys.filter((key) => values.get(key)! < RECOMMENDED_UDP_BUFFER);
  const found = keys.map((key) => `${key.slice('net.core.'.length)}=${values.get(key)}`).join(' ');
  if (low.length === 0) return ok(name, found);
  const settings = low.map((key) => `${key}=${RECOMMENDED_UDP_BUFFER}`).join(' ');
  return warn(
    name,
    `${found}: below ${RECOMMENDED_UDP_BUFFER} bytes, a busy media worker drops packets.`,
    `sudo sysctl -w ${settings} (and put the same lines in /etc/sysctl.d/90-riffroom.conf to keep them).`,
  );
}
