import { PROGRAM_AUDIO_THIN_BITRATE } from '@riffroom/protocol';
import type { Device, types as ms } from 'mediasoup-client';
import type { MediaSource } from './roomProtocol';
import { screenProducerOptions } from './screenEncodings';
import {
  DEFAULT_AUDIO_BITRATE,
  programAudioCodecOptions,
  SfuTier,
  type ProduceOptions,
  type SfuTransportOptions,
} from './sfuTier';

/**
 * The host's side of the SFU tier: it only sends. What it shares is kept, so every rebuild of the
 * transport (`start()` again after `sfu:reconnect` or a climb) produces it again.
 *
 * Program audio goes out twice: a thin 64 kbit/s stream first, then the studio one. The media node
 * gives the thin one to viewers whose link cannot carry the studio stream (it cannot re-encode);
 * the same captured track feeds both encoders.
 */
export class SfuSender extends SfuTier {
  protected readonly direction = 'send';
  private readonly producers = new Map<MediaSource, ms.Producer>();
  private readonly thinProducers = new Map<MediaSource, ms.Producer>();
  /** What the host shares, kept so a rebuild can produce it again on a new transport. */
  private readonly wanted = new Map<MediaSource, ProduceOptions>();

  /** Sends a track now, and again after every rebuild, until `stopProducing`. */
  async produce(options: ProduceOptions): Promise<void> {
    await this.stopProducing(options.source);
    this.wanted.set(options.source, options);
    if (this.transport) await this.produceOn(this.transport, options);
  }

  async stopProducing(source: MediaSource): Promise<void> {
    this.wanted.delete(source);
    for (const producers of [this.producers, this.thinProducers]) {
      const producer = producers.get(source);
      if (!producer) continue;
      producers.delete(source);
      producer.close();
      await this.socket.request('sfu:close-producer', { roomId: this.roomId, producerId: producer.id }).catch(() => {
        // The server closes producers with their transport anyway; nothing to repair here.
      });
    }
  }

  async statsOf(source: MediaSource): Promise<RTCStatsReport | null> {
    const producer = this.producers.get(source);
    return producer && !producer.closed ? producer.getStats() : null;
  }

  override close(): void {
    this.wanted.clear();
    super.close();
  }

  protected async fill(transport: ms.Transport): Promise<boolean> {
    for (const options of this.wanted.values()) await this.produceOn(transport, options);
    return true;
  }

  protected carriesMedia(): boolean {
    return this.producers.size > 0;
  }

  protected makeTransport(device: Device, options: SfuTransportOptions): ms.Transport {
    const transport = device.createSendTransport(options);
    transport.on('produce', ({ kind, rtpParameters, appData }, callback, errback) => {
      this.socket
        .request('sfu:produce', {
          roomId: this.roomId,
          transportId: transport.id,
          kind,
          rtpParameters,
          source: appData.source as MediaSource,
          ...(appData.rendition === 'thin' ? { rendition: 'thin' as const } : {}),
        })
        .then(({ producerId }) => callback({ id: producerId }), errback);
    });
    return transport;
  }

  /** Closing a producer stops nothing the host captured: the tracks stay for the next transport. */
  protected dropMedia(): void {
    for (const producer of [...this.producers.values(), ...this.thinProducers.values()]) producer.close();
    this.producers.clear();
    this.thinProducers.clear();
  }

  private async produceOn(transport: ms.Transport, options: ProduceOptions): Promise<void> {
    if (options.track.readyState === 'ended') return;
    const isAudio = options.track.kind === 'audio';
    const bitrate = options.audioBitrate ?? DEFAULT_AUDIO_BITRATE;
    // Before the studio stream: the media node pairs a studio producer with the thin one sent before it.
    if (options.source === 'program-audio') {
      const thin = await transport.produce({
        track: options.track,
        stopTracks: false,
        appData: { source: options.source, rendition: 'thin' },
        codecOptions: programAudioCodecOptions(PROGRAM_AUDIO_THIN_BITRATE),
        encodings: [{ maxBitrate: PROGRAM_AUDIO_THIN_BITRATE }],
      });
      this.thinProducers.set(options.source, thin);
    }
    const producer = await transport.produce({
      track: options.track,
      // The capture is stopped by whoever started it, not by closing a producer during a rebuild.
      stopTracks: false,
      appData: { source: options.source },
      ...(isAudio
        ? {
            codecOptions: programAudioCodecOptions(bitrate),
            encodings: [{ maxBitrate: programAudioCodecOptions(bitrate).opusMaxAverageBitrate }],
          }
        : screenProducerOptions(this.screenLayers, this.device?.rtpCapabilities.codecs ?? [])),
    });
    this.producers.set(options.source, producer);
    this.watch(transport);
  }
}
