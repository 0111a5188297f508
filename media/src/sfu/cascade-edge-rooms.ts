import type { SfuRoom } from './sfu-room.js';

/**
 * The rooms this node serves as a cascade edge now (scale/cascade's EdgeLink adds and removes
 * them). Their talkback is the origin's to announce: the origin holds every talker (an edge's own
 * ones piped in), the host's levels and ducking, and its talkback-state and speaking lights reach
 * the edge's members through the Socket.IO adapter; an edge announcing its own view would contradict it.
 */
export const cascadeEdgeRooms = new WeakSet<SfuRoom>();
