/**
 * The pipe of a cascaded room (media/src/scale/cascade) between two routers on different worker
 * processes, made with the media node's own pipe settings: a PipeTransport on each side over UDP on
 * 127.0.0.1, the origin consuming the producer and the edge producing it with the same id and the
 * rooms' keyframe request delay, as an origin and an edge node do over their internal link.
 */
import type { types } from 'mediasoup';
import { pipeEnd, pipeTransportOptions } from '../../media/src/scale/cascade/pipe-settings.js';

export interface CascadePipe {
  /** The producer as the edge's viewers consume it. */
  edgeProducer: types.Producer;
  close(): void;
}

export async function pipeToEdge(
  origin: types.Router,
  edge: types.Router,
  producer: types.Producer,
  keyFrameRequestDelay: number,
  srtp = false,
): Promise<CascadePipe> {
  const settings = { listenIp: '127.0.0.1', srtp };
  const edgeEnd = await edge.createPipeTransport(pipeTransportOptions(settings, srtp));
  const originEnd = await origin.createPipeTransport(pipeTransportOptions(settings, srtp));
  const edgeAddress = pipeEnd(edgeEnd);
  const originAddress = pipeEnd(originEnd);
  await originEnd.connect(edgeAddress);
  await edgeEnd.connect(originAddress);
  const consumer = await originEnd.consume({ producerId: producer.id });
  const edgeProducer = await edgeEnd.produce({
    id: producer.id,
    kind: consumer.kind,
    rtpParameters: consumer.rtpParameters,
    paused: consumer.producerPaused,
    keyFrameRequestDelay,
  });
  return {
    edgeProducer,
    close() {
      originEnd.close();
      edgeEnd.close();
    },
  };
}
