import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TextField } from '../../components/fields';
import { randomRoomId } from './roomIds';

type Mode = 'host' | 'join';

/** The dashboard's Collaborations section (spec part 2, Collaboration Room tab). */
export function CollaborationTab() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('host');
  const [code, setCode] = useState('');

  function join() {
    const target = code.trim();
    if (!target) {
      window.alert('Please enter a connection code');
      return;
    }
    navigate(`/join-room/${randomRoomId()}?${new URLSearchParams({ target }).toString()}`);
  }

  return (
    <section className="section" aria-labelledby="collab-heading">
      <h1 id="collab-heading" className="section__title">
        Collaboration Room
      </h1>
      <div className="collab-toggle" role="group" aria-label="Host or join">
        <button type="button" className="chip" aria-pressed={mode === 'host'} onClick={() => setMode('host')}>
          Host a Session
        </button>
        <button type="button" className="chip" aria-pressed={mode === 'join'} onClick={() => setMode('join')}>
          Join a Session
        </button>
      </div>
      {mode === 'host' ? (
        <div className="placeholder-card collab-card">
          <h2 className="section__subtitle">As the host you can:</h2>
          <ul className="feature-list">
            <li>Share your screen, with studio-quality stereo program audio</li>
            <li>Control who joins your room</li>
            <li>Chat live with everyone in the room</li>
            <li>Generate a connection code to invite collaborators</li>
          </ul>
          <button
            type="button"
            className="btn btn--primary btn--large"
            onClick={() => navigate(`/host-room/${randomRoomId()}`)}
          >
            Start Hosting
          </button>
        </div>
      ) : (
        <div className="placeholder-card collab-card">
          <TextField
            label="Connection code"
            value={code}
            onChange={setCode}
            placeholder="Enter a connection code"
            // Enter submits even when blank, so the user hears why nothing happened (spec part 5).
            onKeyDown={(event) => {
              if (event.key === 'Enter') join();
            }}
          />
          <button type="button" className="btn btn--primary btn--large" disabled={!code.trim()} onClick={join}>
            Join Session
          </button>
        </div>
      )}
    </section>
  );
}
