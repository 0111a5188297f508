import type { types } from 'mediasoup';

/**
 * The program audio's two streams on the SFU tier. The host sends the thin one (64 kbit/s) first and
 * the studio one after; the studio producer adopts the thin one its peer sent without a partner,
 * and closes it when it closes. Only the studio producer is announced and listed: a viewer asks for
 * the studio producer's id, and the media node decides which stream it gets (audio-rendition.ts).
 */
interface ThinAppData {
  rendition?: 'thin';
  /** The studio producer that adopted this thin one. */
  partnerOf?: string;
}

interface StreamAppData {
  /** On a consumer: the announced producer it stands for, when it consumes a thin stream. */
  stream?: string;
}

export const isThinRendition = (producer: types.Producer) => (producer.appData as ThinAppData).rendition === 'thin';

/** The thin stream the studio producer adopted, while both are open. */
export function thinPartnerOf(studio: types.Producer, producers: Iterable<types.Producer>): types.Producer | undefined {
  for (const producer of producers) {
    if (!producer.closed && (producer.appData as ThinAppData).partnerOf === studio.id) return producer;
  }
  return undefined;
}

/**
 * A new studio producer takes its peer's unpartnered thin stream (sent just before it), and ends
 * it when it ends: a thin stream never outlives the studio one viewers were told of.
 */
export function adoptThinPartner(studio: types.Producer, producers: Iterable<types.Producer>): void {
  for (const producer of producers) {
    const appData = producer.appData as ThinAppData;
    if (producer.closed || !isThinRendition(producer) || appData.partnerOf) continue;
    appData.partnerOf = studio.id;
    studio.observer.once('close', () => producer.close());
    return;
  }
}

/** Marks a consumer of a thin stream with the announced producer it stands for. */
export const streamAppData = (announcedProducerId: string) => ({ stream: announcedProducerId });

/**
 * The announced producer a consumer plays, or is about to (from its options): the studio one,
 * whichever stream it receives.
 */
export const streamOf = (consumer: { appData?: types.AppData; producerId: string }): string =>
  (consumer.appData as StreamAppData | undefined)?.stream ?? consumer.producerId;
