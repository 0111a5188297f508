import type { CascadeMedia, RelayDemand } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { MediaRelay, RelayCascade, RelayItem } from '../../relay/media-relay.js';
import type { SfuRoom } from '../../sfu/sfu-room.js';
import type { SfuRooms } from '../../sfu/sfu-rooms.js';
import { EdgeLink, type EdgeLinkStats } from './edge-link.js';
import { sameNode, type OriginLookup } from './origin-lookup.js';
import { OriginLink, type OriginLinkStats } from './origin-link.js';
import type { PipeSettings } from './pipe-settings.js';

/** After a link drops while the room still has viewers here, the next attempt waits this long (then doubles). */
const RELINK_FIRST_MS = 500;
const RELINK_MAX_MS = 5000;

export interface CascadeNodeOptions {
  /** This node's MEDIA_INTERNAL_URL: a lookup naming it means the room is served here. */
  selfUrl: string;
  secret: string;
  lookup: OriginLookup;
  pipe: PipeSettings;
  keyFrameRequestDelayMs: number;
  media: SfuRooms;
  relay: MediaRelay;
  /** The socket ids of this node's members of a room (the relay's present guests). */
  localMembers(roomId: string): string[];
  /** The room's relay demand changed (an edge's share): tell the room the total. */
  announceDemand(roomId: string): void;
  /**
   * An edge lost its origin (the node died, or the room's media closed there): these producers are
   * gone for this node's viewers, who hear it as on a single node; the placement side re-places the
   * room, and the edge links again while it has viewers.
   */
  originLost(roomId: string, producerIds: string[]): void;
  logger: Logger;
}

export interface CascadeStats {
  /** Links of edge nodes to rooms this node is the origin of. */
  edges: OriginLinkStats[];
  /** This node's links to the origins of rooms it is an edge of. */
  origins: EdgeLinkStats[];
}

/**
 * One room over several media nodes (ARCHITECTURE.md "Scaling out"). Every room this node builds
 * media for asks the lookup for the room's origin: served here, it is an ordinary room, and edge
 * nodes may link to it (accept); served elsewhere, this node is an edge and links to the origin,
 * once per room however many viewers it has, until its last viewer leaves.
 */
export class CascadeNode implements RelayCascade {
  private edgeLinks = new Map<string, EdgeLink>();
  private originLinks = new Map<string, Set<OriginLink>>();
  private closed = false;

  constructor(private readonly options: CascadeNodeOptions) {
    options.media.on('created', (room) => void this.attach(room, RELINK_FIRST_MS));
    options.media.on('rebuilt', (room) => this.edgeLinks.get(room.roomId)?.close('worker replaced'));
    options.relay.cascade = this;
  }

  /** The internal server accepted an edge's link for a room of this node. */
  accept(ws: WebSocket, roomId: string): void {
    if (this.closed) return void ws.close();
    const { media, pipe, logger } = this.options;
    const link = new OriginLink(ws, roomId, {
      media,
      pipe,
      logger,
      remoteDemand: (room, linkId, demand) => {
        if (this.options.relay.setRemoteDemand(room, linkId, demand)) this.options.announceDemand(room);
      },
    });
    let links = this.originLinks.get(roomId);
    if (!links) this.originLinks.set(roomId, (links = new Set()));
    links.add(link);
    ws.once('close', () => {
      links.delete(link);
      if (links.size === 0 && this.originLinks.get(roomId) === links) this.originLinks.delete(roomId);
    });
  }

  isEdge(roomId: string): boolean {
    return this.edgeLinks.has(roomId);
  }

  reportDemand(roomId: string, localDemand: RelayDemand): void {
    this.edgeLinks.get(roomId)?.reportDemand(localDemand);
  }

  published(roomId: string, item: RelayItem): void {
    for (const link of this.originLinks.get(roomId) ?? []) link.offer(item);
  }

  stats(): CascadeStats {
    return {
      edges: [...this.originLinks.values()].flatMap((links) => [...links].map((link) => link.stats())),
      origins: [...this.edgeLinks.values()].map((link) => link.stats()),
    };
  }

  close(): void {
    this.closed = true;
    for (const link of this.edgeLinks.values()) link.close('node closing');
    for (const links of this.originLinks.values()) for (const link of links) link.close('node closing');
    this.edgeLinks.clear();
    this.originLinks.clear();
  }

  private async attach(room: SfuRoom, retryMs: number): Promise<void> {
    if (this.closed || room.isClosed) return;
    const upstream = room.upstream();
    let origin;
    try {
      origin = await this.options.lookup(room.roomId);
    } catch (error) {
      this.options.logger.warn({ err: error, roomId: room.roomId }, 'origin lookup failed: serving the room here');
    }
    if (room.isClosed || this.closed) return;
    if (!origin || sameNode(origin.internalUrl, this.options.selfUrl)) return upstream.markServedHere();
    const link = new EdgeLink(room.roomId, room, upstream, origin, {
      secret: this.options.secret,
      pipe: this.options.pipe,
      keyFrameRequestDelayMs: this.options.keyFrameRequestDelayMs,
      relayItem: (roomId, item) => this.forward(roomId, item),
      logger: this.options.logger,
    });
    this.edgeLinks.set(room.roomId, link);
    link.reportDemand(this.options.relay.localDemand(room.roomId));
    await link.closed;
    if (this.edgeLinks.get(room.roomId) === link) this.edgeLinks.delete(room.roomId);
    upstream.reset();
    if (room.isClosed || this.closed) return;
    // Told once, when a working link is lost; failed attempts to link again say nothing more.
    if (link.opened) this.options.originLost(room.roomId, link.lostProducers);
    // Still viewers here: link again, to wherever the room is placed now.
    const wait = link.opened ? RELINK_FIRST_MS : retryMs;
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    await this.attach(room, Math.min(wait * 2, RELINK_MAX_MS));
  }

  private forward(roomId: string, item: CascadeMedia): void {
    const guests = this.options.localMembers(roomId);
    const { relay } = this.options;
    if (item.kind === 'frame') relay.forwardFrame(roomId, { frame: item.frame, rendition: item.rendition }, guests);
    else relay.forwardAudio(roomId, { data: item.data, timestamp: item.timestamp, duration: item.duration }, guests);
  }
}
