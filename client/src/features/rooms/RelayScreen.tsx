import { RELAY_CANVAS_HEIGHT, RELAY_CANVAS_WIDTH } from '@riffroom/protocol';
import { useEffect, useRef } from 'react';
import type { GuestRoomConnection } from '../../services/media/roomConnection';
import type { RelayAudioStatus } from '../../services/media/relayAudioHost';
import { MediaAudio } from './MediaVideo';

/**
 * The guest's view of the host screen in relay mode (spec part 2): a 1280x720 canvas, 400px high,
 * that the connection paints each relayed frame on; the waiting overlay and the host's cursor dot.
 */
export function RelayScreen({
  connection,
  live,
  cursor,
  audio = null,
  audioStatus = 'off',
}: {
  connection: GuestRoomConnection | null;
  live: boolean;
  cursor: { x: number; y: number } | null;
  /** The relayed program audio, decoded (relayAudioGuest.ts). */
  audio?: MediaStream | null;
  audioStatus?: RelayAudioStatus;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!connection) return;
    connection.attachRelayCanvas(canvas.current);
    return () => connection.attachRelayCanvas(null);
  }, [connection]);

  return (
    <div className="room-stage room-stage--guest">
      {/* A 16:9 box 400px high, so the cursor's fractions of the picture are fractions of the box. */}
      <div className="room-stage__picture">
        <canvas
          ref={canvas}
          width={RELAY_CANVAS_WIDTH}
          height={RELAY_CANVAS_HEIGHT}
          className="room-stage__canvas"
          data-testid="relay-canvas"
        />
        {live && cursor && (
          <span
            className="room-cursor"
            data-testid="host-cursor"
            style={{ left: `${cursor.x * 100}%`, top: `${cursor.y * 100}%` }}
          />
        )}
      </div>
      {!live && <p className="room-stage__overlay">Waiting for host to share screen...</p>}
      <MediaAudio stream={audio} />
      {audioStatus === 'unsupported' && (
        <p className="muted" data-testid="relay-audio-unsupported">
          This browser cannot play program audio in relay mode.
        </p>
      )}
    </div>
  );
}
