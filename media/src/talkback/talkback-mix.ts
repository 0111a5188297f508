import { TALKBACK_DEFAULT_LEVEL, type TalkbackState, type Talker } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { LiveRoom } from '../rooms/live-room.js';
import type { TalkbackAppData } from '../sfu/talkback-lane.js';

/**
 * What the host decided about a room's talkback, for as long as the room's media lives: ducking,
 * each person's level, and who the host muted. Keyed by person (uid or guest id), so stopping and
 * starting the mic again keeps the level, and never lifts a host's mute.
 */
export class TalkbackMix {
  duckProgram = false;
  private levels = new Map<string, number>();
  private muted = new Set<string>();

  setLevel(userId: string, level: number): void {
    this.levels.set(userId, level);
  }

  setMuted(userId: string, muted: boolean): void {
    if (muted) this.muted.add(userId);
    else this.muted.delete(userId);
  }

  isMuted(userId: string): boolean {
    return this.muted.has(userId);
  }

  /** The room's talkback as its members see it (talkback-state). */
  state(live: LiveRoom, talkers: { peerId: string; producer: types.Producer }[]): TalkbackState {
    return {
      duckProgram: this.duckProgram,
      allowGuestTalkback: live.controls().allowGuestTalkback,
      talkers: talkers.map(({ peerId, producer }): Talker => {
        const { userId, displayName } = producer.appData as TalkbackAppData;
        return {
          peerId,
          firebase_uid: live.member(peerId)?.firebase_uid ?? null,
          displayName,
          producerId: producer.id,
          mutedByHost: producer.paused,
          level: this.levels.get(userId) ?? TALKBACK_DEFAULT_LEVEL,
        };
      }),
    };
  }
}
