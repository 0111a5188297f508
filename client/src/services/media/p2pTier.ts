/** The peer-to-peer tier as the room connections see it: the host's side is p2pHost.ts, a guest's p2pGuest.ts. */
export type { P2pChatMessage, P2pContext, P2pListener, P2pShare, P2pTier } from './p2pPeer';
export { P2pError } from './p2pPeer';
