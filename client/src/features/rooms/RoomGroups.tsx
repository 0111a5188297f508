import { useId, useState, type ReactNode } from 'react';
import { useNarrowScreen } from '../../components/useNarrowScreen';

/** The host room's panels in groups (issue 37): on a phone one group shows at a time. */
export const HOST_ROOM_GROUPS = [
  { id: 'sharing', label: 'Sharing' },
  { id: 'audio', label: 'Audio' },
  { id: 'talkback', label: 'Talkback' },
  { id: 'joining', label: 'Who can join' },
  { id: 'participants', label: 'Participants' },
  { id: 'chat', label: 'Chat' },
] as const;

export type HostRoomGroup = (typeof HOST_ROOM_GROUPS)[number]['id'];

export interface RoomGroups {
  narrow: boolean;
  chosen: HostRoomGroup;
  choose: (group: HostRoomGroup) => void;
  idOf: (group: HostRoomGroup) => string;
}

/**
 * Below 768 px the host room's panels (about 4,500 px stacked on a phone) show one group at a time,
 * picked from a segmented control under the title, so chat and participants are one tap away.
 * Wider screens keep both columns with every panel.
 */
export function useRoomGroups(): RoomGroups {
  const narrow = useNarrowScreen();
  const [chosen, choose] = useState<HostRoomGroup>('sharing');
  const prefix = useId();
  return { narrow, chosen, choose, idOf: (group) => `${prefix}-${group}` };
}

/**
 * How many of `total` items (chat messages) came while their group was out of sight: 0 while it
 * shows, and on a wide screen, where every group shows.
 */
export function useUnseen(groups: RoomGroups, group: HostRoomGroup, total: number): number {
  const inSight = !groups.narrow || groups.chosen === group;
  const [seen, setSeen] = useState(total);
  // Caught up as soon as the group shows (set during render, React's way).
  if (inSight && seen !== total) setSeen(total);
  return inSight ? 0 : Math.max(0, total - seen);
}

/**
 * The segmented control: a real button per group, pressed for the one shown, with a count of what
 * came meanwhile (new chat messages) on a group out of sight. Narrow screens only.
 */
export function RoomGroupPicker({
  groups,
  unseen = {},
}: {
  groups: RoomGroups;
  unseen?: Partial<Record<HostRoomGroup, number>>;
}) {
  if (!groups.narrow) return null;
  return (
    <div className="room-groups" role="group" aria-label="Room panels">
      {HOST_ROOM_GROUPS.map((group) => (
        <button
          key={group.id}
          type="button"
          className="room-groups__choice"
          aria-pressed={groups.chosen === group.id}
          aria-controls={groups.idOf(group.id)}
          onClick={() => groups.choose(group.id)}
        >
          {group.label}
          {(unseen[group.id] ?? 0) > 0 && (
            <span className="badge" data-testid={`unseen-${group.id}`} aria-label={`${unseen[group.id]} new`}>
              {unseen[group.id]}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/**
 * One group's panels: hidden on a narrow screen unless chosen. The wrapper stays at every width
 * (display: contents when wide), so turning a phone does not remount the preview or the chat.
 */
export function RoomGroup({ groups, id, children }: { groups: RoomGroups; id: HostRoomGroup; children: ReactNode }) {
  const label = HOST_ROOM_GROUPS.find((group) => group.id === id)?.label;
  return (
    <div
      id={groups.idOf(id)}
      className="room-group"
      role={groups.narrow ? 'region' : undefined}
      aria-label={groups.narrow ? label : undefined}
      data-group={id}
      hidden={groups.narrow && groups.chosen !== id}
    >
      {children}
    </div>
  );
}
