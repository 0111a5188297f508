import type { PeerEntry } from '../../services/media/roomState';
import { peopleIn } from '../../services/media/roomRules';

interface ParticipantsListProps {
  /** The other sockets in the room (peer-joined, user-left); two tabs of one person are one entry. */
  peers: PeerEntry[];
  /** This screen's own uid: its other tabs are not someone else. */
  selfUid: string | null;
  /** room-update's count of people other than the host, once heard. */
  count: number | null;
  max: number;
  /** The host's Remove, per person (absent on a guest's list). */
  onRemove?: (peerId: string, name: string) => void;
}

/** 'Participants (n/max)', each person once by name or 'Guest', role or 'viewer' (spec part 2). */
export function ParticipantsList({ peers, selfUid, count, max, onRemove }: ParticipantsListProps) {
  const people = peopleIn(peers, selfUid);
  const shown = count ?? people.filter((person) => person.role !== 'host').length;
  return (
    <section className="room-panel" aria-labelledby="participants-heading">
      <h2 id="participants-heading" className="room-panel__title">
        Participants ({shown}/{max})
      </h2>
      <ul className="room-list" aria-label="Participants">
        {people.map((person) => (
          <li key={person.key} className="room-list__item">
            <span>{person.user_name || 'Guest'}</span>
            <span className="room-list__meta">{person.role || 'viewer'}</span>
            {onRemove && person.role !== 'host' && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={`Remove ${person.user_name || 'Guest'}`}
                onClick={() => onRemove(person.peerId, person.user_name || 'Guest')}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
