import type { PeerEntry } from '../../services/media/roomState';
import type { Person } from '../../services/media/roomRules';
import { SpeakingDot } from './TalkbackPanel';

interface ParticipantsListProps {
  /** Each person once (participant-joined, participant-left): two tabs of one user are one entry. */
  people: Person[];
  /** The sockets now: Remove names one the person still has open. */
  peers: PeerEntry[];
  /** room-update's count of people other than the host, once heard. */
  count: number | null;
  max: number;
  /** The host's Remove, per person (absent on a guest's list). */
  onRemove?: (peerId: string, name: string) => void;
  /** Who is speaking on talkback now (talkback-speaking): a socket and its uid, if signed in. */
  speaking?: { peerId: string; firebase_uid: string | null }[];
}

/** 'Participants (n/max)', each person once by name or 'Guest', role or 'viewer' (spec part 2). */
export function ParticipantsList({ people, peers, count, max, onRemove, speaking = [] }: ParticipantsListProps) {
  const shown = count ?? people.filter((person) => person.role !== 'host').length;
  const openSocketOf = (person: Person) =>
    peers.find(
      (peer) => peer.peerId === person.peerId || (person.firebase_uid && peer.firebase_uid === person.firebase_uid),
    )?.peerId ?? person.peerId;
  // Any tab of the person speaking lights their one entry.
  const isSpeaking = (person: Person) =>
    speaking.some(
      (speaker) =>
        speaker.peerId === person.peerId || (person.firebase_uid && speaker.firebase_uid === person.firebase_uid),
    );
  return (
    <section className="room-panel" aria-labelledby="participants-heading">
      <h2 id="participants-heading" className="room-panel__title">
        Participants ({shown}/{max})
      </h2>
      <ul className="room-list" aria-label="Participants">
        {people.map((person) => (
          <li key={person.key} className="room-list__item">
            <span>
              {isSpeaking(person) && <SpeakingDot />}
              {person.user_name || 'Guest'}
            </span>
            <span className="room-list__meta">{person.role || 'viewer'}</span>
            {onRemove && person.role !== 'host' && (
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={`Remove ${person.user_name || 'Guest'}`}
                onClick={() => onRemove(openSocketOf(person), person.user_name || 'Guest')}
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
