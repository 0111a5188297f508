import type { types } from 'mediasoup';

/** How a node's ends of cascade pipes are made (MEDIA_INTERNAL_HOST, CASCADE_PIPE_IP, CASCADE_SRTP). */
export interface PipeSettings {
  /** The address the PipeTransport binds, on the network between the nodes. */
  listenIp: string;
  /** The address the other node sends to, when the bound one is not reachable as such (0.0.0.0, NAT). */
  announcedAddress?: string;
  /** Ask the origin for SRTP on the pipe; the keys travel over the link (use a TLS internal URL then). */
  srtp: boolean;
}

/**
 * Both ends enable RTX: mediasoup then answers NACKs across the pipe, so a packet lost between two
 * hosts is resent once instead of costing every edge viewer a keyframe request.
 */
export function pipeTransportOptions(settings: PipeSettings, srtp: boolean): types.PipeTransportOptions {
  return {
    listenInfo: { protocol: 'udp', ip: settings.listenIp, announcedAddress: settings.announcedAddress },
    enableSrtp: srtp,
    enableRtx: true,
  };
}

/** Where the other end reaches this transport. */
export function pipeEnd(transport: types.PipeTransport) {
  return {
    // localAddress is the announced address when there is one.
    ip: transport.tuple.localAddress,
    port: transport.tuple.localPort,
    ...(transport.srtpParameters ? { srtpParameters: transport.srtpParameters } : {}),
  };
}
