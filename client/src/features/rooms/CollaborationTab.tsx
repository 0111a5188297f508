import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext';
import { TextField } from '../../components/fields';
import { displayName } from '../../components/userLabels';
import { INVITE_PARAM } from './invite';
import { connectionCodeFrom, randomRoomId } from './roomIds';

type Mode = 'host' | 'join';

/**
 * The dashboard's Collaborations section (spec part 2, Collaboration Room tab). Opened from a
 * person's Collaborate button (`withUid`), hosting invites that person as soon as the room exists.
 */
export function CollaborationTab({ withUid = null }: { withUid?: string | null }) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('host');
  const [code, setCode] = useState('');
  const partner = usePersonName(withUid);

  function join() {
    const target = connectionCodeFrom(code);
    if (!target) {
      window.alert('Please enter a connection code');
      return;
    }
    navigate(`/join-room/${randomRoomId()}?${new URLSearchParams({ target }).toString()}`);
  }

  function startHosting() {
    const invite = withUid ? `?${new URLSearchParams({ [INVITE_PARAM]: withUid }).toString()}` : '';
    navigate(`/host-room/${randomRoomId()}${invite}`);
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
          {withUid && (
            <p className="collab-partner" data-testid="collab-partner">
              Collaborate with <strong>{partner ?? 'Loading...'}</strong>: they get an invite as soon as your room
              exists.
            </p>
          )}
          <h2 className="section__subtitle">As the host you can:</h2>
          <ul className="feature-list">
            <li>Share your screen, with studio-quality stereo program audio</li>
            <li>Control who joins your room</li>
            <li>Chat live with everyone in the room</li>
            <li>Generate a connection code to invite collaborators</li>
          </ul>
          <button type="button" className="btn btn--primary btn--large" onClick={startHosting}>
            Start Hosting
          </button>
        </div>
      ) : (
        <div className="placeholder-card collab-card">
          <TextField
            label="Connection code"
            value={code}
            onChange={setCode}
            placeholder="Enter a connection code or paste an invite link"
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

/** The name of the person a Collaborate button picked; their uid stands in when they cannot be loaded. */
function usePersonName(uid: string | null): string | null {
  const { api } = useServices();
  const [person, setPerson] = useState<{ uid: string; name: string } | null>(null);
  useEffect(() => {
    if (!uid) return;
    let current = true;
    api.users.getByUid(uid).then(
      (user) => current && setPerson({ uid, name: displayName(user) }),
      (error: unknown) => {
        console.error('Failed to load user', error);
        if (current) setPerson({ uid, name: uid });
      },
    );
    return () => {
      current = false;
    };
  }, [api, uid]);
  return person?.uid === uid ? person.name : null;
}
