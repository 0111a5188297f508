/**
 * A room member in Node, as the browser client is one: Socket.IO signalling to the real box
 * (join-room, then the sfu:* requests of client/src/services/media/sfuTier.ts) and libwebrtc
 * through @roamhq/wrtc under mediasoup-client's Chrome111 handler (ICE, DTLS and SRTP to the
 * box's WebRtcServer). bench/under-attack.ts's host and viewers are built on it.
 */
import { Device } from 'mediasoup-client';
import type { types as client } from 'mediasoup-client';
import { io, type Socket } from 'socket.io-client';
import { wrtc } from './wrtc-globals.js';

/** The client's request timeout (spec: 10 s per connection attempt). */
const REQUEST_TIMEOUT_MS = 10_000;

export interface RoomMember {
  socket: Socket;
  roomId: string;
  /** An acknowledged request: the ack's data, or a thrown `code: message` refusal. */
  request<T = unknown>(event: string, payload: object): Promise<T>;
  close(): void;
}

/** Connects (signed in with `token`, else as an anonymous guest) and joins the room. */
export async function joinAsMember(baseUrl: string, roomId: string, token?: string): Promise<RoomMember> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const request = async <T>(event: string, payload: object): Promise<T> => {
    const ack = await socket.timeout(REQUEST_TIMEOUT_MS).emitWithAck(event, payload);
    if (!ack?.ok) throw new Error(`${event} refused: ${ack?.code}: ${ack?.message}`);
    return ack.data as T;
  };
  const member: RoomMember = { socket, roomId, request, close: () => socket.close() };
  await request('join-room', { roomId });
  return member;
}

/** The room's router capabilities, loaded into a fresh mediasoup-client device. */
export async function loadDevice(member: RoomMember): Promise<Device> {
  const { rtpCapabilities } = await member.request<{ rtpCapabilities: client.RtpCapabilities }>(
    'sfu:router-capabilities',
    { roomId: member.roomId },
  );
  const device = new Device({ handlerName: 'Chrome111' });
  await device.load({ routerRtpCapabilities: rtpCapabilities });
  return device;
}

/** A send or receive transport on the box, signalled over the member's socket as the client does. */
export async function createTransport(
  member: RoomMember,
  device: Device,
  direction: 'send' | 'recv',
): Promise<client.Transport> {
  const { roomId } = member;
  const options = await member.request<client.TransportOptions>('sfu:create-transport', { roomId, direction });
  const transport = direction === 'send' ? device.createSendTransport(options) : device.createRecvTransport(options);
  transport.on('connect', ({ dtlsParameters }, done, fail) => {
    member.request('sfu:connect-transport', { roomId, transportId: transport.id, dtlsParameters }).then(
      () => done(),
      (error: Error) => fail(error),
    );
  });
  transport.on('produce', ({ kind, rtpParameters, appData }, done, fail) => {
    member
      .request<{ producerId: string }>('sfu:produce', {
        roomId,
        transportId: transport.id,
        kind,
        rtpParameters,
        source: appData.source,
      })
      .then(({ producerId }) => done({ id: producerId }), fail);
  });
  return transport;
}

/** Guests: consumes every producer the room lists (the host's screen), resumed. */
export async function consumeAll(member: RoomMember, device: Device, transport: client.Transport) {
  const { roomId } = member;
  const producers = await member.request<{ producerId: string }[]>('sfu:producers', { roomId });
  const consumers: client.Consumer[] = [];
  for (const producer of producers) {
    const options = await member.request<{
      id: string;
      producerId: string;
      kind: client.MediaKind;
      rtpParameters: client.RtpParameters;
    }>('sfu:consume', {
      roomId,
      transportId: transport.id,
      producerId: producer.producerId,
      rtpCapabilities: device.rtpCapabilities,
    });
    const consumer = await transport.consume({
      id: options.id,
      producerId: options.producerId,
      kind: options.kind,
      rtpParameters: options.rtpParameters,
    });
    await member.request('sfu:resume-consumer', { roomId, consumerId: consumer.id });
    consumers.push(consumer);
  }
  return consumers;
}

/**
 * A guest watching the room: a receive transport consuming every producer it lists (the host's
 * screen), and the frames it has decoded so far.
 */
export async function watchRoom(
  member: RoomMember,
): Promise<{ consumers: client.Consumer[]; decoded(): Promise<number> }> {
  const device = await loadDevice(member);
  const transport = await createTransport(member, device, 'recv');
  const consumers = await consumeAll(member, device, transport);
  return { consumers, decoded: async () => sumStats(await transport.getStats(), 'inbound-rtp', 'framesDecoded') };
}

/** Sums one numeric field of every RTC stats entry of `type` (e.g. inbound-rtp framesDecoded). */
export function sumStats(report: RTCStatsReport, type: string, field: string): number {
  let total = 0;
  report.forEach((entry: Record<string, unknown>) => {
    if (entry.type === type && typeof entry[field] === 'number') total += entry[field];
  });
  return total;
}

/**
 * A host's screen share without a screen: a 320x180 picture that changes every frame at 15 fps
 * (so each frame encodes as new video), produced on a send transport as the browser shares one.
 * `stop()` ends the frames; closing the member ends the producer.
 */
export async function produceSyntheticScreen(
  transport: client.Transport,
): Promise<{ producer: client.Producer; stop(): void }> {
  const [width, height] = [320, 180];
  const source = new wrtc.nonstandard.RTCVideoSource({ isScreencast: true });
  let n = 0;
  const feeder = setInterval(() => {
    n += 1;
    source.onFrame({ width, height, data: new Uint8Array((width * height * 3) / 2).fill(n % 255) });
  }, 66);
  const producer = await transport
    .produce({ track: source.createTrack() as unknown as MediaStreamTrack, appData: { source: 'screen' } })
    .catch((error: unknown) => {
      clearInterval(feeder);
      throw error;
    });
  return { producer, stop: () => clearInterval(feeder) };
}
