import type { types } from 'mediasoup';
import {
  DEFAULT_AUDIO_RESERVE_MARGIN_PCT,
  reserveProgramAudio,
  type ProgramAudioChange,
  type ProgramAudioSources,
} from './audio-reserve.js';

export interface ViewerTransportOptions extends ProgramAudioSources {
  /** A viewer's own cap on what it receives, kbit/s (protocol screen-layers.ts). */
  maxIncomingKbps: number | undefined;
  /** SFU_AUDIO_RESERVE_MARGIN_PCT; the default when absent. */
  audioReserveMarginPct: number | undefined;
  /** The viewer's link changed program-audio stream or resends: have it consume this again. */
  renewAudio: (consumer: types.Consumer, change: ProgramAudioChange) => void;
}

/**
 * What a viewer's receiving transport gets besides mediasoup's defaults: its program audio kept
 * out of what video may use (audio-reserve.ts), and the viewer's own cap. The SFU's bandwidth
 * estimate never passes the cap, so mediasoup's layer choice (the highest layers the estimate
 * carries) follows the cap as it follows a slow link.
 */
export async function prepareViewerTransport(
  transport: types.WebRtcTransport,
  options: ViewerTransportOptions,
): Promise<void> {
  const margin = options.audioReserveMarginPct ?? DEFAULT_AUDIO_RESERVE_MARGIN_PCT;
  reserveProgramAudio(transport, options, margin, options.renewAudio);
  if (options.maxIncomingKbps) await transport.setMaxOutgoingBitrate(options.maxIncomingKbps * 1000);
}
