import { refuse, type ConsumerInfo, type MediaKind, type MediaSource, type ProducerInfo } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { ProgramAudioChange } from './audio-reserve.js';
import { reportLayerChanges } from './consumer-layers.js';
import {
  adoptThinPartner,
  isThinRendition,
  streamAppData,
  streamOf,
  thinPartnerOf,
} from './program-audio-renditions.js';
import type { RoomMediaScope } from './room-media-scope.js';
import { UPSTREAM_WAIT_MS } from './room-node-links.js';
import { isTalkbackProducer } from './talkback-lane.js';

/**
 * A room's tier media: the host's producers, one per source (program audio with its thin stream
 * beside it, program-audio-renditions.ts), and each viewer's consumers of them. Talkback has its
 * own lane and signalling (talkback-media.ts); nothing here hands a talker's mic to a viewer.
 */
export class HostMedia {
  constructor(
    private readonly scope: RoomMediaScope,
    /** How long mediasoup waits between keyframe requests it passes to the host's encoder. */
    private readonly keyFrameRequestDelayMs: number,
  ) {}

  async produce(
    peerId: string,
    transportId: string,
    kind: MediaKind,
    rtpParameters: types.RtpParameters,
    source: MediaSource,
    rendition?: 'thin',
  ): Promise<string> {
    const { peers } = this.scope;
    const transport = peers.transportFor(peerId, transportId, 'send', 'Produce on a send transport.');
    const media = peers.ensure(peerId);
    // One producer per source and stream: sharing again replaces the previous screen or audio.
    for (const existing of media.producers.values()) {
      const same = (existing.appData as { source?: MediaSource }).source === source;
      if (same && isThinRendition(existing) === (rendition === 'thin')) existing.close();
    }
    const producer = await transport.produce({
      kind,
      rtpParameters,
      // Many viewers joining at once ask for keyframes together: the host's encoder sees one per delay.
      keyFrameRequestDelay: this.keyFrameRequestDelayMs,
      appData: { peerId, source, ...(rendition ? { rendition } : {}) },
    });
    peers.keepOrClose(peerId, media, producer, transport);
    media.producers.set(producer.id, producer);
    // The thin stream is nobody's to consume by its id: viewers hear of the studio stream only.
    const announced = rendition !== 'thin';
    producer.observer.once('close', () => {
      media.producers.delete(producer.id);
      if (announced) this.scope.emit('producer-closed', { producerId: producer.id, peerId, source });
    });
    if (!announced) return producer.id;
    if (source === 'program-audio') adoptThinPartner(producer, media.producers.values());
    this.scope.emit('new-producer', { producerId: producer.id, kind, source, peerId });
    return producer.id;
  }

  closeProducer(peerId: string, producerId: string): void {
    const producer = this.scope.peers.get(peerId)?.producers.get(producerId);
    if (!producer) throw refuse('sfu/producer-not-found', 'No such producer of yours.');
    producer.close();
  }

  /** Closes the peer's producers of one source (stop-sharing); none is fine. */
  closeSource(peerId: string, source: MediaSource): void {
    for (const producer of [...(this.scope.peers.get(peerId)?.producers.values() ?? [])]) {
      if ((producer.appData as { source?: MediaSource }).source === source) producer.close();
    }
  }

  /** The host's media a viewer may consume: the peers' own and, on an edge, those piped in. */
  producers(): ProducerInfo[] {
    const list: ProducerInfo[] = [];
    for (const [, media] of this.scope.peers.entries()) {
      for (const producer of media.producers.values()) {
        // Talkback has its own signalling (talkback.ts); the tiers' lists carry the host's media only.
        if (!isTalkbackProducer(producer) && !isThinRendition(producer)) list.push(describeProducer(producer));
      }
    }
    for (const producer of this.scope.upstream()?.list() ?? []) list.push(describeProducer(producer));
    return list;
  }

  /** A viewer's consumer of the host's media, paused until the viewer has wired its track. */
  async consume(
    peerId: string,
    transportId: string,
    producerId: string,
    rtpCapabilities: types.RtpCapabilities,
  ): Promise<ConsumerInfo> {
    const transport = this.scope.peers.transportFor(peerId, transportId, 'recv', 'Consume on a recv transport.');
    if (!this.scope.findProducer(producerId)) await this.scope.upstream()?.whenProducer(producerId, UPSTREAM_WAIT_MS);
    const producer = this.scope.findProducer(producerId);
    if (!producer || isTalkbackProducer(producer) || isThinRendition(producer)) {
      throw refuse('sfu/producer-not-found', 'That producer is gone.');
    }
    const { source } = describeProducer(producer);
    // The media node, not the viewer, picks the program audio's stream for the viewer's link
    // (audio-rendition.ts); a thin stream is consumed under the studio stream's id.
    const thin =
      source === 'program-audio' && transport.appData.audioRendition === 'thin' ? this.thinOf(producer) : undefined;
    const consumed = thin ?? producer;
    if (!this.scope.router().canConsume({ producerId: consumed.id, rtpCapabilities })) {
      throw refuse('sfu/cannot-consume', 'Your browser cannot decode this stream.');
    }
    // Paused until the client has wired the track, so the first keyframe is not wasted. Program audio
    // is resent only where the viewer's link has room for it (audio-resends.ts); video always is.
    const consumer = await this.scope.peers.consume(
      peerId,
      transport,
      {
        producerId: consumed.id,
        rtpCapabilities,
        paused: true,
        appData: streamAppData(producer.id),
        ...(source === 'program-audio' ? { enableRtx: transport.appData.audioResends === true } : {}),
        // A layered picture starts on its smallest layer: the first ceiling (video-plan.ts) comes
        // with GoogCC's first measurement, and until then mediasoup would fill the transport's
        // initial guess (initial-estimate.ts), with a 640x360 keyframe that overflowed a 500 kbit/s
        // link's queue.
        ...(producer.type === 'simulcast' || producer.type === 'svc' ? { preferredLayers: { spatialLayer: 0 } } : {}),
      },
      { handover: true },
    );
    reportLayerChanges(consumer, (layers) => this.scope.emit('consumer-layers', { ...layers, peerId }));
    return {
      id: consumer.id,
      producerId,
      kind: consumer.kind,
      rtpParameters: consumer.rtpParameters as unknown as Record<string, unknown>,
      source,
    };
  }

  async resumeConsumer(peerId: string, consumerId: string): Promise<void> {
    const consumer = this.scope.peers.get(peerId)?.consumers.get(consumerId);
    if (!consumer) throw refuse('sfu/consumer-not-found', 'No such consumer of yours.');
    await consumer.resume();
    // A renewed consumer takes over from the one before it only now, so the viewer hears no gap.
    this.scope.peers.closeSuperseded(peerId, consumer);
  }

  /**
   * The viewer's link changed the program-audio stream it carries or its room to resend
   * (audio-reserve.ts): the viewer is asked to consume it again, and the new consumer is made to
   * suit the link.
   */
  renew(peerId: string, consumer: types.Consumer, change: ProgramAudioChange): void {
    const producerId = streamOf(consumer);
    const producer = this.scope.findProducer(producerId);
    if (!producer || describeProducer(producer).source !== 'program-audio') return;
    this.scope.emit('consumer-renew', { peerId, producerId, change });
  }

  /** The thin stream beside a studio program-audio producer, while its host sends one. */
  thinOf(studio: types.Producer): types.Producer | undefined {
    const peerId = (studio.appData as { peerId?: string }).peerId;
    const own = peerId ? this.scope.peers.get(peerId)?.producers.values() : undefined;
    return own ? thinPartnerOf(studio, own) : undefined;
  }
}

function describeProducer(producer: types.Producer): ProducerInfo {
  return {
    producerId: producer.id,
    kind: producer.kind,
    source: (producer.appData as { source: MediaSource }).source,
  };
}
