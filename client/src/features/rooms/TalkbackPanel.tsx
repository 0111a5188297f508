import { MUTED_BY_HOST_MESSAGE, RELAY_NO_TALKBACK_MESSAGE, type Talker } from '@riffroom/protocol';
import { useCallback, useEffect, useRef } from 'react';
import type { TalkbackClient, TalkbackView } from '../../services/media/talkback';
import { useSpaceToTalk, useTalkback } from './useTalkback';

interface TalkbackPanelProps {
  talkback: TalkbackClient | null | undefined;
  selfPeerId: string | null;
  /** Signed in (or the host): always allowed to talk. A guest only while the host allows it. */
  signedIn: boolean;
  isHost: boolean;
  /** On the relay tier nothing of talkback reaches this page. */
  onRelay: boolean;
}

/**
 * Talkback: hold to talk (button or space bar), an open-mic toggle, who talks and who is speaking,
 * and each talker's voice at the level the host set. The host also mutes talkers, sets their
 * levels and chooses whether program audio dims while someone talks.
 */
export function TalkbackPanel({ talkback, selfPeerId, signedIn, isHost, onRelay }: TalkbackPanelProps) {
  const view = useTalkback(talkback);
  const mayTalk = signedIn || (view?.room.allowGuestTalkback ?? false);
  const setTalking = useCallback((held: boolean) => void talkback?.setTalking(held), [talkback]);
  useSpaceToTalk(Boolean(talkback) && mayTalk && !onRelay, setTalking);

  if (onRelay) {
    return (
      <section className="room-panel talkback" aria-labelledby="talkback-heading">
        <h2 id="talkback-heading" className="room-panel__title">
          Talkback
        </h2>
        <p className="muted" data-testid="talkback-relay-note">
          {RELAY_NO_TALKBACK_MESSAGE}
        </p>
      </section>
    );
  }
  if (!talkback || !view) return null;
  const own = view.room.talkers.find((talker) => talker.peerId === selfPeerId);
  const speaking = (talker: Talker) => view.speaking.some((speaker) => speaker.peerId === talker.peerId);

  return (
    <section className="room-panel talkback" aria-labelledby="talkback-heading">
      <h2 id="talkback-heading" className="room-panel__title">
        Talkback
      </h2>
      {mayTalk ? (
        <div className="talkback__controls">
          <button
            type="button"
            className="btn btn--accent talkback__talk"
            data-testid="talk-button"
            aria-pressed={view.transmitting}
            onPointerDown={(event) => {
              // Captured: the press lasts until the pointer is lifted, wherever it wanders meanwhile.
              event.currentTarget.setPointerCapture?.(event.pointerId);
              setTalking(true);
            }}
            onPointerUp={() => setTalking(false)}
            onPointerCancel={() => setTalking(false)}
          >
            Hold to talk (space)
          </button>
          {view.transmitting && (
            <span role="status" data-testid="talkback-on-air">
              Talking…
            </span>
          )}
          <label>
            <input
              type="checkbox"
              checked={view.openMic}
              onChange={(event) => void talkback.setOpenMic(event.target.checked)}
            />{' '}
            Open mic
          </label>
          {view.micReady && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => void talkback.stopMic()}>
              Turn mic off
            </button>
          )}
          {own?.mutedByHost && (
            <p role="status" className="talkback__muted" data-testid="talkback-muted">
              {MUTED_BY_HOST_MESSAGE}
            </p>
          )}
        </div>
      ) : (
        <p className="muted" data-testid="talkback-guests-off">
          You can hear talkback; the host has not allowed guests to talk.
        </p>
      )}
      {view.error && <p className="muted">{view.error}</p>}
      {isHost && (
        <label>
          <input
            type="checkbox"
            checked={view.room.duckProgram}
            onChange={(event) => void talkback.setDucking(event.target.checked).catch(() => {})}
          />{' '}
          Dim program audio while someone talks
        </label>
      )}
      <ul className="room-list" aria-label="Talkers">
        {view.room.talkers.map((talker) => (
          <li key={talker.producerId} className="room-list__item" data-testid="talker">
            <span>
              {speaking(talker) && <SpeakingDot />}
              {talker.displayName}
              {talker.peerId === selfPeerId ? ' (you)' : ''}
            </span>
            {talker.mutedByHost && <span className="room-list__meta">muted</span>}
            {isHost && (
              <>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  aria-label={`${talker.mutedByHost ? 'Unmute' : 'Mute'} ${talker.displayName}`}
                  onClick={() => void talkback.mute(talker.peerId, !talker.mutedByHost).catch(() => {})}
                >
                  {talker.mutedByHost ? 'Unmute' : 'Mute'}
                </button>
                <input
                  type="range"
                  min={0}
                  max={1}
                  step={0.05}
                  aria-label={`Level of ${talker.displayName}`}
                  value={talker.level}
                  onChange={(event) =>
                    void talkback.setLevel(talker.peerId, Number(event.target.value)).catch(() => {})
                  }
                />
              </>
            )}
          </li>
        ))}
      </ul>
      <TalkbackVoices view={view} />
    </section>
  );
}

/** The little green dot beside someone speaking on talkback. */
export function SpeakingDot() {
  return <span className="speaking-dot" role="img" aria-label="speaking" data-testid="speaking-indicator" />;
}

/** Each other talker's voice, at the level the host set for them. */
function TalkbackVoices({ view }: { view: TalkbackView }) {
  return (
    <>
      {view.room.talkers.map((talker) => {
        const stream = view.voices[talker.producerId];
        return stream ? (
          <Voice key={talker.producerId} stream={stream} level={talker.level} peerId={talker.peerId} />
        ) : null;
      })}
    </>
  );
}

function Voice({ stream, level, peerId }: { stream: MediaStream; level: number; peerId: string }) {
  const element = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = element.current;
    if (!audio || audio.srcObject === stream) return;
    audio.srcObject = stream;
    audio.play?.()?.catch(() => {});
  }, [stream]);
  useEffect(() => {
    if (element.current) element.current.volume = Math.min(1, Math.max(0, level));
  }, [level]);
  return <audio ref={element} autoPlay data-testid="talkback-audio" data-peer-id={peerId} />;
}
