/**
 * Which node is a room's origin (the node its host and first members meet on). The node registry
 * (scale/node-registry.ts) answers in a scaled setup; a fixed origin serves a static topology and
 * tests. undefined: nobody placed the room, so this node serves it alone.
 */
export interface OriginNode {
  nodeId: string;
  /** Where the node's internal port answers other nodes (MEDIA_INTERNAL_URL). */
  internalUrl: string;
}

export type OriginLookup = (roomId: string) => Promise<OriginNode | undefined>;

/** Every room's origin is the node at this internal URL (CASCADE_ORIGIN_URL). */
export function fixedOriginLookup(internalUrl: string): OriginLookup {
  const origin = { nodeId: internalUrl, internalUrl };
  return async () => origin;
}

/** Internal URLs name the same node whatever their trailing slash. */
export const sameNode = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
