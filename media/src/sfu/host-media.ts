import { refuse, type ConsumerInfo, type MediaKind, type MediaSource, type ProducerInfo } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { AudioResendChange } from './audio-resends.js';
import { reportLayerChanges } from './consumer-layers.js';
import type { RoomMediaScope } from './room-media-scope.js';
import { UPSTREAM_WAIT_MS } from './room-node-links.js';
import { isTalkbackProducer } from './talkback-lane.js';

/**
 * A room's tier media: the host's producers, one per source, and each viewer's consumers of them.
 * Talkback has its own lane and signalling (talkback-media.ts); nothing here hands a talker's mic
 * to a viewer.
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
  ): Promise<string> {
    const { peers } = this.scope;
    const transport = peers.transportFor(peerId, transportId, 'send', 'Produce on a send transport.');
    const media = peers.ensure(peerId);
    // One producer per source: sharing again replaces the previous screen or audio.
    for (const existing of media.producers.values()) {
      if ((existing.appData as { source?: MediaSource }).source === source) existing.close();
    }
    const producer = await transport.produce({
      kind,
      rtpParameters,
      // Many viewers joining at once ask for keyframes together: the host's encoder sees one per delay.
      keyFrameRequestDelay: this.keyFrameRequestDelayMs,
      appData: { peerId, source },
    });
    peers.keepOrClose(peerId, media, producer, transport);
    media.producers.set(producer.id, producer);
    producer.observer.once('close', () => {
      media.producers.delete(producer.id);
      this.scope.emit('producer-closed', { producerId: producer.id, peerId, source });
    });
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
        if (!isTalkbackProducer(producer)) list.push(describeProducer(producer));
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
    if (!producer || isTalkbackProducer(producer)) throw refuse('sfu/producer-not-found', 'That producer is gone.');
    if (!this.scope.router().canConsume({ producerId, rtpCapabilities })) {
      throw refuse('sfu/cannot-consume', 'Your browser cannot decode this stream.');
    }
    const { source } = describeProducer(producer);
    // Paused until the client has wired the track, so the first keyframe is not wasted. Program audio
    // is resent only where the viewer's link has room for it (audio-resends.ts); video always is.
    const consumer = await this.scope.peers.consume(
      peerId,
      transport,
      {
        producerId,
        rtpCapabilities,
        paused: true,
        ...(source === 'program-audio' ? { enableRtx: transport.appData.audioResends === true } : {}),
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
   * The viewer's link gained or lost the room to resend program audio (audio-reserve.ts): the
   * viewer is asked to consume it again, and the new consumer is made to suit the link.
   */
  renew(peerId: string, consumer: types.Consumer, change: AudioResendChange): void {
    const producer = this.scope.findProducer(consumer.producerId);
    if (!producer || describeProducer(producer).source !== 'program-audio') return;
    this.scope.emit('consumer-renew', { peerId, producerId: consumer.producerId, ...change });
  }
}

function describeProducer(producer: types.Producer): ProducerInfo {
  return {
    producerId: producer.id,
    kind: producer.kind,
    source: (producer.appData as { source: MediaSource }).source,
  };
}
