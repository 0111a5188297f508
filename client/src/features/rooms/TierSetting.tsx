import type { RoomTier } from '@riffroom/protocol';
import { useId, useState } from 'react';

const CHOICES: Array<{ value: RoomTier; label: string }> = [
  { value: 'auto', label: 'Automatic' },
  { value: 'sfu', label: 'Dedicated server' },
  { value: 'p2p', label: 'Peer-to-peer' },
  { value: 'relay', label: 'Server relay' },
];

/**
 * The host's room setting that forces the guests' media tier ('Automatic' lets each guest try the
 * dedicated server, then peer-to-peer, then the relay). Guests reconnect as soon as it changes.
 */
export function TierSetting({ initial, onChange }: { initial: RoomTier; onChange: (tier: RoomTier) => Promise<void> }) {
  const id = useId();
  const [tier, setTier] = useState<RoomTier>(initial);
  const [saving, setSaving] = useState(false);

  async function choose(next: RoomTier) {
    const before = tier;
    setTier(next);
    setSaving(true);
    try {
      await onChange(next);
    } catch (error) {
      // The room keeps its tier: show what it still is.
      console.error('Failed to change the connection tier', error);
      setTier(before);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="field room-tier">
      <label htmlFor={id}>Connection tier</label>
      <select id={id} value={tier} disabled={saving} onChange={(event) => void choose(event.target.value as RoomTier)}>
        {CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
