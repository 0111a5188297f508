import { P2pGuest } from './p2pGuest';
import { P2pHost } from './p2pHost';
import type { P2pContext, P2pTier } from './p2pPeer';

export type { P2pChatMessage, P2pContext, P2pListener, P2pShare, P2pTier } from './p2pPeer';
export { P2pError } from './p2pPeer';

/** Makes the peer-to-peer side for a role; tests hand in their own. */
export type P2pFactory = (role: 'host' | 'guest', context: P2pContext) => P2pTier;

export const createP2pTier: P2pFactory = (role, context) =>
  role === 'host' ? new P2pHost(context) : new P2pGuest(context);
