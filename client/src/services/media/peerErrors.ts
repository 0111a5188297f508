import type { DataConnectionErrorType, PeerErrorType } from '@riffroom/protocol';

/**
 * What the banner says when the peer-to-peer tier fails (spec part 8 names the PeerJS error types
 * but gives no text): short and plain, saying what went wrong from the user's side.
 */
export const PEER_ERROR_MESSAGES: Record<PeerErrorType | DataConnectionErrorType, string> = {
  'browser-incompatible': 'This browser does not support peer-to-peer connections.',
  disconnected: 'Lost the connection to the peer server.',
  'invalid-id': 'The peer connection ID is not valid.',
  'invalid-key': 'The peer server refused the connection key.',
  network: 'Cannot reach the peer server. Check your network.',
  'peer-unavailable': 'The host is not available for a direct connection.',
  'ssl-unavailable': 'The peer server needs a secure (HTTPS) connection.',
  'server-error': 'The peer server had a problem. Please try again.',
  'socket-error': 'The connection to the peer server failed.',
  'socket-closed': 'The peer server closed the connection.',
  'unavailable-id': 'This peer connection ID is already in use.',
  webrtc: 'The direct connection failed.',
  'negotiation-failed': 'Could not set up the direct connection.',
  'connection-closed': 'The direct connection was closed.',
  'not-open-yet': 'The direct connection is not open yet.',
  'message-too-big': 'That message is too big to send directly.',
};

/** The banner text for a PeerJS error type; an unknown type gets a general one. */
export function peerErrorMessage(type: string | undefined): string {
  if (type && Object.hasOwn(PEER_ERROR_MESSAGES, type)) return PEER_ERROR_MESSAGES[type as PeerErrorType];
  return 'The peer-to-peer connection failed.';
}
