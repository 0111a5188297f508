import { captureAudioInput, captureScreen, stopStream, type ProgramAudioSource } from './capture';
import type { SfuSendMedia } from './roomConnection';
import type { RoomStore } from './roomStore';
import type { RoomSocket } from './roomSocket';

/**
 * The host's side of sharing: the screen capture, the program audio track and what they are
 * produced as. Captured tracks belong here; the SFU tier only borrows them.
 */
export class HostMedia {
  private screen: MediaStream | null = null;
  private deviceAudio: MediaStreamTrack | null = null;

  constructor(
    private readonly store: RoomStore,
    private readonly sfu: SfuSendMedia,
    private readonly socket: RoomSocket,
    private readonly roomId: string,
    /** The live program-audio track (null when none), for the relay tier's encoder. */
    private readonly onProgramAudio: (track: MediaStreamTrack | null, bitrate: number) => void = () => {},
  ) {}

  async startScreenShare(): Promise<void> {
    const { source } = this.store.get().programAudio;
    const stream = await captureScreen({ withAudio: source.kind === 'capture' });
    this.screen = stream;
    const [video] = stream.getVideoTracks();
    if (!video) {
      stopStream(stream);
      throw new Error('The screen capture has no video');
    }
    // The browser's own 'Stop sharing' bar ends the track: treat it as our Stop button.
    video.addEventListener('ended', () => void this.stopScreenShare());
    this.store.shareStarted(stream);
    try {
      await this.sfu.produce({ source: 'screen', track: video });
      await this.applyProgramAudio();
    } catch (error) {
      await this.stopScreenShare();
      throw error;
    }
  }

  async stopScreenShare(): Promise<void> {
    const stream = this.screen;
    if (!stream) return;
    this.screen = null;
    await this.sfu.stopProducing('screen');
    if (this.store.get().programAudio.source.kind === 'capture') await this.stopAudio();
    stopStream(stream);
    this.store.shareStopped();
    this.socket.emit('stop-sharing', { roomId: this.roomId });
  }

  /** Picks the program audio source and bitrate; applied at once when sharing, else on Start. */
  async setProgramAudio(source: ProgramAudioSource, bitrate: number): Promise<void> {
    const before = this.store.get().programAudio;
    this.store.programAudioChosen(source, bitrate);
    const needsNewCapture = source.kind === 'capture' && before.source.kind !== 'capture' && this.screen !== null;
    if (needsNewCapture) {
      // Tab audio can only be had in the same picker as the screen: share again with audio.
      await this.stopScreenShare();
      await this.startScreenShare();
      return;
    }
    if (this.screen) await this.applyProgramAudio();
  }

  /** The program audio track being sent, if any (the peer-to-peer tier sends it too). */
  programAudioTrack(): MediaStreamTrack | null {
    if (!this.store.get().programAudio.live) return null;
    return this.deviceAudio ?? this.screen?.getAudioTracks()[0] ?? null;
  }

  close(): void {
    stopStream(this.screen);
    this.screen = null;
    this.deviceAudio?.stop();
    this.deviceAudio = null;
  }

  private async applyProgramAudio(): Promise<void> {
    const { source, bitrate } = this.store.get().programAudio;
    await this.stopAudio();
    let track: MediaStreamTrack | null = null;
    if (source.kind === 'capture') track = this.screen?.getAudioTracks()[0] ?? null;
    if (source.kind === 'device') {
      this.deviceAudio = await captureAudioInput(source.deviceId);
      track = this.deviceAudio;
    }
    if (!track) return;
    // Before the SFU: with the SFU down, relay guests still hear the program audio.
    this.onProgramAudio(track, bitrate);
    await this.sfu.produce({ source: 'program-audio', track, audioBitrate: bitrate });
    this.store.programAudioLive();
  }

  private async stopAudio(): Promise<void> {
    this.onProgramAudio(null, 0);
    await this.sfu.stopProducing('program-audio');
    this.deviceAudio?.stop();
    this.deviceAudio = null;
    this.store.programAudioStopped();
  }
}
