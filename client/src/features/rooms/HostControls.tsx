import { ROOM_MAX_PARTICIPANTS_LIMIT, type RoomControls, type RoomControlsPayload } from '@riffroom/protocol';
import { useState } from 'react';

type ControlsChange = Omit<RoomControlsPayload, 'roomId'>;

/**
 * The host's say over who joins, live: guest access, maximum participants, public or private, a
 * lock (nobody new gets in), and whether guests may talk back (signed-in people always may). Each
 * change goes to the room at once; a refused one shows the room as it still is. `current` is the
 * room's own word (join-room after a reload, room-controls from another tab of the host) and
 * replaces what is shown whenever it comes.
 */
export function HostControls({
  initial,
  current,
  onChange,
}: {
  initial: RoomControls;
  current?: RoomControls | null;
  onChange: (change: ControlsChange) => Promise<RoomControls | undefined>;
}) {
  const [controls, setControls] = useState(current ?? initial);
  const [max, setMax] = useState(String((current ?? initial).settings.maxParticipants));
  const [failed, setFailed] = useState(false);
  // The room's word replaces what is shown when a new one comes (set during render, React's way).
  const [shown, setShown] = useState(current);
  if (current && current !== shown) {
    setShown(current);
    setControls(current);
    setMax(String(current.settings.maxParticipants));
  }

  async function apply(change: ControlsChange) {
    const before = controls;
    // Shown at once, as a checkbox should; the room's answer then stands, or the old state returns.
    const { locked, allowGuestTalkback, ...settings } = change;
    setControls({
      settings: { ...before.settings, ...settings },
      locked: locked ?? before.locked,
      allowGuestTalkback: allowGuestTalkback ?? before.allowGuestTalkback,
    });
    try {
      const now = await onChange(change);
      if (now) setControls(now);
      setFailed(false);
    } catch (error) {
      console.error('Failed to update room settings', error);
      setControls(before);
      setMax(String(before.settings.maxParticipants));
      setFailed(true);
    }
  }

  function applyMax() {
    const value = Number(max);
    if (Number.isInteger(value) && value >= 1 && value <= ROOM_MAX_PARTICIPANTS_LIMIT) {
      if (value !== controls.settings.maxParticipants) void apply({ maxParticipants: value });
    } else setMax(String(controls.settings.maxParticipants));
  }

  const { settings, locked, allowGuestTalkback } = controls;
  return (
    <fieldset className="room-panel host-controls">
      <legend className="room-panel__title">Who can join</legend>
      <label>
        <input
          type="checkbox"
          checked={settings.allowGuestAccess}
          onChange={(event) => void apply({ allowGuestAccess: event.target.checked })}
        />{' '}
        Guest access
      </label>
      <label>
        <input
          type="checkbox"
          checked={settings.isPublic}
          onChange={(event) => void apply({ isPublic: event.target.checked })}
        />{' '}
        Public room
      </label>
      <label>
        <input type="checkbox" checked={locked} onChange={(event) => void apply({ locked: event.target.checked })} />{' '}
        Lock room
      </label>
      <label>
        <input
          type="checkbox"
          checked={allowGuestTalkback}
          onChange={(event) => void apply({ allowGuestTalkback: event.target.checked })}
        />{' '}
        Guests may talk back
      </label>
      <label>
        Maximum participants{' '}
        <input
          type="number"
          min={1}
          max={ROOM_MAX_PARTICIPANTS_LIMIT}
          value={max}
          onChange={(event) => setMax(event.target.value)}
          onBlur={applyMax}
          onKeyDown={(event) => event.key === 'Enter' && applyMax()}
        />
      </label>
      {failed && <p role="alert">Failed to update room settings</p>}
    </fieldset>
  );
}
