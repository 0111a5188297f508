import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Header } from '../../components/Header';

/** Stands in for the host and guest room screens until the rooms release builds them. */
export function RoomPlaceholder({ kind }: { kind: 'host' | 'join' }) {
  const navigate = useNavigate();
  const { roomId } = useParams();
  const [params] = useSearchParams();
  const target = params.get('target');

  return (
    <div className="room-placeholder-page">
      <Header />
      <main className="placeholder-card">
        <h1>{kind === 'host' ? 'Host a Collaboration' : 'Join a Collaboration'}</h1>
        {kind === 'join' && roomId && (
          <p>
            Room <code>{roomId}</code>
            {target && (
              <>
                {' '}
                · connection code <code>{target}</code>
              </>
            )}
          </p>
        )}
        <p>Live collaboration rooms are coming in the rooms release.</p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/dashboard')}>
          Back to Dashboard
        </button>
      </main>
    </div>
  );
}
