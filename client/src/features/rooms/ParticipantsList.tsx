import type { PeerEntry } from '../../services/media/roomState';

/** 'Participants (n/max)', each by name or 'Guest', role or 'viewer' (spec part 2). */
export function ParticipantsList({ peers, max }: { peers: PeerEntry[]; max: number }) {
  return (
    <section className="room-panel" aria-labelledby="participants-heading">
      <h2 id="participants-heading" className="room-panel__title">
        Participants ({peers.length}/{max})
      </h2>
      <ul className="room-list">
        {peers.map((peer) => (
          <li key={peer.peerId} className="room-list__item">
            <span>{peer.user_name || 'Guest'}</span>
            <span className="room-list__meta">{peer.role || 'viewer'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
