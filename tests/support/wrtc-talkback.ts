import { Device } from 'mediasoup-client';
import type { types as client } from 'mediasoup-client';
import type { RoomMember } from '../../bench/lib/wrtc-room-client.js';
import { wrtc } from '../../bench/lib/wrtc-globals.js';

/**
 * Talkback from Node as the browser's TalkbackClient does it (client/src/services/media/talkback.ts):
 * the router's capabilities from talkback:state, a talkback transport per direction, a mic produced
 * with talkback:produce, each talker consumed with talkback:consume. libwebrtc (@roamhq/wrtc) sends
 * a tone and decodes what it hears.
 */
/** How a test talker sends: the browser's way by default; a hostile one sets its own codec options. */
export interface TalkOptions {
  /** mediasoup-client's codec options for the mic (the encoder follows them). */
  codecOptions?: client.ProducerCodecOptions;
  /** What talkback:produce tells the server, from what mediasoup-client would send (it may lie). */
  declare?: (rtpParameters: client.RtpParameters) => client.RtpParameters;
  /** White noise at this amplitude (0..1) instead of the tone: the hardest to compress. */
  noise?: number;
  /** A mono source the caller feeds instead (the tone and noise are then not made). */
  source?: InstanceType<typeof wrtc.nonstandard.RTCAudioSource>;
}

export interface Talkback {
  member: RoomMember;
  device: Device;
  /** Starts a tone on the member's talkback mic; its producer id. */
  talk(hz: number, options?: TalkOptions): Promise<string>;
  /** Listens to one talker; its reading: packets so far, and the loudest decoded sample lately. */
  listen(producerId: string): Promise<Listening>;
  close(): void;
}

export interface Listening {
  packets(): Promise<number>;
  /** Bytes of this talker received so far (RTP payload, as libwebrtc counts them). */
  bytes(): Promise<number>;
  /** The loudest sample (0..1) of what was decoded since the last call. */
  loudestSinceLastAsked(): number;
}

export async function joinTalkback(member: RoomMember): Promise<Talkback> {
  const { roomId } = member;
  const { rtpCapabilities } = await member.request<{ rtpCapabilities: client.RtpCapabilities }>('talkback:state', {
    roomId,
  });
  const device = new Device({ handlerName: 'Chrome111' });
  await device.load({ routerRtpCapabilities: rtpCapabilities });
  const stops: Array<() => void> = [];
  let declare = (rtpParameters: client.RtpParameters) => rtpParameters;
  const transportOf = async (direction: 'send' | 'recv') => {
    const options = await member.request<client.TransportOptions>('talkback:create-transport', { roomId, direction });
    const transport = direction === 'send' ? device.createSendTransport(options) : device.createRecvTransport(options);
    transport.on('connect', ({ dtlsParameters }, done, fail) => {
      member.request('talkback:connect-transport', { roomId, transportId: transport.id, dtlsParameters }).then(
        () => done(),
        (error: Error) => fail(error),
      );
    });
    transport.on('produce', ({ rtpParameters }, done, fail) => {
      member
        .request<{ producerId: string }>('talkback:produce', {
          roomId,
          transportId: transport.id,
          rtpParameters: declare(rtpParameters),
        })
        .then(({ producerId }) => done({ id: producerId }), fail);
    });
    stops.push(() => transport.close());
    return transport;
  };
  let recv: client.Transport | null = null;
  return {
    member,
    device,
    async talk(hz, options = {}) {
      const source = options.source ?? new wrtc.nonstandard.RTCAudioSource();
      if (!options.source) {
        const sampleRate = 48_000;
        const perChunk = sampleRate / 100;
        let t = 0;
        const feeder = setInterval(() => {
          const samples = new Int16Array(perChunk);
          for (let i = 0; i < perChunk; i += 1, t += 1) {
            samples[i] =
              options.noise === undefined
                ? Math.round(0.5 * 32767 * Math.sin((2 * Math.PI * hz * t) / sampleRate))
                : Math.round(options.noise * 32767 * (Math.random() * 2 - 1));
          }
          source.onData({ samples, sampleRate, bitsPerSample: 16, channelCount: 1, numberOfFrames: perChunk });
        }, 10);
        stops.push(() => clearInterval(feeder));
      }
      if (options.declare) declare = options.declare;
      const transport = await transportOf('send');
      const producer = await transport.produce({
        track: source.createTrack() as unknown as MediaStreamTrack,
        ...(options.codecOptions ? { codecOptions: options.codecOptions } : {}),
      });
      return producer.id;
    },
    async listen(producerId) {
      recv ??= await transportOf('recv');
      const recvTransport = recv;
      const options = await member.request<{ id: string; producerId: string; rtpParameters: client.RtpParameters }>(
        'talkback:consume',
        { roomId, transportId: recv.id, producerId, rtpCapabilities: device.rtpCapabilities },
      );
      const consumer = await recv.consume({ ...options, kind: 'audio' });
      const sink = new wrtc.nonstandard.RTCAudioSink(
        consumer.track as unknown as ConstructorParameters<typeof wrtc.nonstandard.RTCAudioSink>[0],
      );
      let loudest = 0;
      sink.ondata = ({ samples }: { samples: Int16Array }) => {
        for (const sample of samples) loudest = Math.max(loudest, Math.abs(sample) / 32768);
      };
      stops.push(() => sink.stop());
      // libwebrtc's binding has no per-receiver stats: the transport's, for this consumer's SSRC.
      const inbound = async (field: string) => {
        const ssrc = consumer.rtpParameters.encodings?.[0]?.ssrc;
        let total = 0;
        (await recvTransport.getStats()).forEach((entry: Record<string, unknown>) => {
          if (entry.type === 'inbound-rtp' && entry.ssrc === ssrc) total += Number(entry[field] ?? 0);
        });
        return total;
      };
      return {
        packets: () => inbound('packetsReceived'),
        bytes: () => inbound('bytesReceived'),
        loudestSinceLastAsked() {
          const value = loudest;
          loudest = 0;
          return value;
        },
      };
    },
    close() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
