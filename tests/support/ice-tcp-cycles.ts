/**
 * ICE-TCP connect/disconnect cycles against one mediasoup WebRtcServer, and the worker's resident
 * memory around them: what mediasoup 3.12 leaked on (issue 22). Typed structurally, so the
 * benchmark can drive a 3.12 package and the tests the 3.19 one with the same code.
 */
import { readFileSync } from 'node:fs';
import type net from 'node:net';
import { closeIceTcp, connectIceTcp } from './ice-tcp-client.js';

interface CycleTransport {
  iceParameters: { usernameFragment: string; password: string };
  iceCandidates: { protocol: string; port: number; address?: string; ip?: string }[];
  iceState: string;
  on(event: 'icestatechange', listener: (state: string) => void): unknown;
  close(): void;
}

export interface CycleRouter<Server> {
  createWebRtcTransport(options: { webRtcServer: Server; enableUdp: boolean; enableTcp: boolean }): Promise<unknown>;
}

/** The worker's resident set now (not its peak), in MB, from /proc. */
export function residentMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

function stateReached(transport: CycleTransport, states: string[], timeoutMs: number): Promise<void> {
  if (states.includes(transport.iceState)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ICE state stayed ${transport.iceState}`)), timeoutMs);
    transport.on('icestatechange', (state) => {
      if (!states.includes(state)) return;
      clearTimeout(timer);
      resolve();
    });
  });
}

export interface CycleResult {
  /**
   * With `clientVanishes`: the connections the worker itself closed after their transport closed
   * (so far; it grows as the worker gets to them). A worker that keeps them is the 3.12 leak.
   */
  closedByServer(): number;
  /** Drops every connection the client still holds. */
  release(): Promise<void>;
}

/**
 * One cycle is what a browser on ICE-TCP does when it joins and leaves: a WebRtcTransport on the
 * server and a TCP connection that passes the ICE check. Then either the browser leaves cleanly
 * (it closes the connection, the worker sees ICE disconnected, the transport is closed), or it
 * vanishes (`clientVanishes`: a laptop lid shut, a network lost; no FIN ever comes): the server
 * notices by its signalling and closes the transport while the connection is still open. 3.12
 * leaked exactly there: a WebRtcServer's TCP connection outlived its closed transport, with its
 * 64 KB read buffer, for good.
 */
export async function iceTcpCycles<Server>(
  router: CycleRouter<NoInfer<Server>>,
  webRtcServer: Server,
  cycles: number,
  { clientVanishes = false } = {},
): Promise<CycleResult> {
  const held: net.Socket[] = [];
  let closedByServer = 0;
  for (let i = 0; i < cycles; i += 1) {
    const transport = (await router.createWebRtcTransport({
      webRtcServer,
      enableUdp: false,
      enableTcp: true,
    })) as CycleTransport;
    try {
      const candidate = transport.iceCandidates.find((c) => c.protocol === 'tcp');
      if (!candidate) throw new Error('the transport has no TCP candidate');
      const socket = await connectIceTcp({
        host: candidate.address ?? candidate.ip ?? '127.0.0.1',
        port: candidate.port,
        ...transport.iceParameters,
      });
      await stateReached(transport, ['connected', 'completed'], 5000);
      if (clientVanishes) {
        held.push(socket);
        socket.once('close', () => (closedByServer += 1));
      } else {
        await closeIceTcp(socket);
        await stateReached(transport, ['disconnected'], 5000);
      }
    } finally {
      transport.close();
    }
  }
  return {
    closedByServer: () => closedByServer,
    release: async () => {
      await Promise.all(held.map((socket) => closeIceTcp(socket)));
    },
  };
}
