import type { Device, types as ms } from 'mediasoup-client';
import type { MediaSource, ProducerInfo } from './roomProtocol';
import type { RoomSocket } from './roomSocket';
import type { IcePolicy } from './icePolicy';
import { settled, SfuTier, type SfuListener, type SfuTransportOptions } from './sfuTier';

/**
 * The device's capabilities, with resends offered for Opus. Chromium plays resent audio (NetEq asks
 * for missing packets when NACK is negotiated) but does not offer it; the media node decides per
 * viewer whether to use it (media/src/sfu/audio-resends.ts), so offering it commits to nothing.
 */
export function withAudioResends(capabilities: ms.RtpCapabilities): ms.RtpCapabilities {
  return {
    ...capabilities,
    codecs: capabilities.codecs?.map((codec) =>
      codec.mimeType.toLowerCase() === 'audio/opus' && !codec.rtcpFeedback?.some((fb) => fb.type === 'nack')
        ? { ...codec, rtcpFeedback: [...(codec.rtcpFeedback ?? []), { type: 'nack', parameter: '' }] }
        : codec,
    ),
  };
}

/**
 * A guest's side of the SFU tier: it only receives. Each `start()` consumes everything the host
 * produces at that moment; later producers come one by one through `consume`.
 */
export class SfuReceiver extends SfuTier {
  protected readonly direction = 'recv';
  private readonly consumers = new Map<string, ms.Consumer>();
  /**
   * Producers announced (sfu:new-producer) while `start()` had no transport yet: the list it asked
   * for may predate them, so `fill` takes them too. Under load a device takes seconds to load, and a
   * host sharing again meanwhile (both rebuilding after a worker died) was otherwise never shown.
   */
  private readonly announced = new Map<string, ProducerInfo>();
  /** The host's producers, asked for alongside the router's capabilities (see `start`). */
  private producerList: () => Promise<ProducerInfo[]> = async () => [];

  constructor(
    socket: RoomSocket,
    roomId: string,
    private readonly listener: SfuListener,
    icePolicy?: IcePolicy,
    maxIncomingKbps?: number,
  ) {
    super(socket, roomId, listener, icePolicy);
    this.maxIncomingKbps = maxIncomingKbps;
  }

  /** A producer the host added after we joined. */
  async consume(producer: ProducerInfo): Promise<void> {
    const transport = this.transport;
    const device = this.device;
    if (!transport || !device) {
      this.announced.set(producer.producerId, producer);
      return;
    }
    if (this.consumers.has(producer.producerId)) return;
    const options = await this.socket.request('sfu:consume', {
      roomId: this.roomId,
      transportId: transport.id,
      producerId: producer.producerId,
      rtpCapabilities: withAudioResends(device.rtpCapabilities),
    });
    if (transport !== this.transport || transport.closed) return;
    const consumer = await transport.consume({
      id: options.id,
      producerId: options.producerId,
      kind: options.kind,
      rtpParameters: options.rtpParameters,
      appData: { source: options.source },
    });
    this.consumers.set(producer.producerId, consumer);
    consumer.on('transportclose', () => this.consumers.delete(producer.producerId));
    await this.socket.request('sfu:resume-consumer', { roomId: this.roomId, consumerId: consumer.id });
    this.watch(transport);
    this.listener.onTrack(options.source, consumer.track);
  }

  /**
   * The media node asks for a producer to be consumed again (sfu:renew-consumer: our link gained or
   * lost room to resend program audio). The new consumer is wired before the old one closes, and
   * the node drops the old one once the new one is resumed: the track changes without a gap.
   */
  async renew(producerId: string): Promise<void> {
    const old = this.consumers.get(producerId);
    if (!old || old.closed) return;
    this.consumers.delete(producerId);
    try {
      await this.consume({ producerId, kind: old.kind, source: old.appData.source as MediaSource });
    } catch (error) {
      // The old consumer still plays (the node closes it only for a resumed successor).
      if (!this.consumers.has(producerId) && !old.closed) this.consumers.set(producerId, old);
      throw error;
    }
    if (this.consumers.get(producerId) !== old) old.close();
  }

  producerClosed(producerId: string): void {
    this.announced.delete(producerId);
    const consumer = this.consumers.get(producerId);
    if (!consumer) return;
    this.consumers.delete(producerId);
    consumer.close();
    this.listener.onTrackEnded(consumer.appData.source as MediaSource);
  }

  async statsOf(source: MediaSource): Promise<RTCStatsReport | null> {
    for (const consumer of this.consumers.values()) {
      if (consumer.appData.source === source && !consumer.closed) return consumer.getStats();
    }
    return null;
  }

  protected override prefetch(): void {
    this.producerList = settled(this.socket.request('sfu:producers', { roomId: this.roomId }));
  }

  protected async fill(_transport: ms.Transport, isStale: () => boolean): Promise<boolean> {
    const listed = await this.producerList();
    if (isStale()) return false;
    const producers = new Map([...listed, ...this.announced.values()].map((p) => [p.producerId, p]));
    this.announced.clear();
    for (const producer of producers.values()) await this.consume(producer);
    return true;
  }

  protected carriesMedia(): boolean {
    return this.consumers.size > 0;
  }

  protected makeTransport(device: Device, options: SfuTransportOptions): ms.Transport {
    return device.createRecvTransport(options);
  }

  /** The host's tracks end with their transport. */
  protected dropMedia(): void {
    // A new attempt asks for the producer list afresh (`prefetch`), after this.
    this.announced.clear();
    for (const consumer of this.consumers.values()) {
      consumer.close();
      this.listener.onTrackEnded(consumer.appData.source as MediaSource);
    }
    this.consumers.clear();
  }
}
