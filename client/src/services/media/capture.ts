/**
 * What the host captures: the screen, and program audio from that capture or from an audio input
 * (a DAW's virtual output device, an interface's loopback). Plain browser APIs, no React.
 */

/** Studio capture: processing meant for voices would colour the mix, and a mix has two channels. */
export const PROGRAM_AUDIO_CONSTRAINTS = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
  channelCount: 2,
} as const;

/** Where program audio comes from: nowhere, the shared screen or tab, or one audio input. */
export type ProgramAudioSource = { kind: 'none' } | { kind: 'capture' } | { kind: 'device'; deviceId: string };

export interface AudioInput {
  deviceId: string;
  label: string;
}

/** Screen (and, when asked, its tab or system audio) through the browser's picker. */
export async function captureScreen({ withAudio }: { withAudio: boolean }): Promise<MediaStream> {
  return navigator.mediaDevices.getDisplayMedia({
    video: { frameRate: { ideal: 30 } },
    audio: withAudio ? { ...PROGRAM_AUDIO_CONSTRAINTS } : false,
  });
}

export async function captureAudioInput(deviceId: string): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { deviceId: { exact: deviceId }, ...PROGRAM_AUDIO_CONSTRAINTS },
    video: false,
  });
  const [track] = stream.getAudioTracks();
  if (!track) throw new Error('The audio input gave no track');
  return track;
}

/** The audio inputs; labels are empty until the page has had microphone permission once. */
export async function listAudioInputs(): Promise<AudioInput[]> {
  if (!navigator.mediaDevices?.enumerateDevices) return [];
  const devices = await navigator.mediaDevices.enumerateDevices();
  return devices
    .filter((device) => device.kind === 'audioinput')
    .map((device, index) => ({ deviceId: device.deviceId, label: device.label || `Audio input ${index + 1}` }));
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
