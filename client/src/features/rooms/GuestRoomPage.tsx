import { GUEST_USER_NAME, GUEST_USERNAME, REMOVED_FROM_ROOM_MESSAGE } from '@riffroom/protocol';
import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../../app/AuthContext';
import { useServices } from '../../app/ServicesContext';
import { loginPathFor } from '../../app/returnPath';
import { Header } from '../../components/Header';
import { missingForGuest } from '../../services/media/browserSupport';
import { RELAY_WARNING } from './banner';
import { BrowserSupportNotice } from './BrowserSupportNotice';
import { RelayScreen } from './RelayScreen';
import { RemoteScreen } from './RemoteScreen';
import { RoomChat } from './RoomChat';
import { forcedTier } from './forcedTier';
import { HttpsNeeded } from './HttpsNeeded';
import { missingBesidesHttps } from './httpsNeeded';
import { randomRoomId } from './roomIds';
import { RecordingIndicator } from './RecordingIndicator';
import { StatusBanner } from './StatusBanner';
import { TalkbackPanel } from './TalkbackPanel';
import { programGain } from '../../services/media/talkback';
import { useTalkback } from './useTalkback';
import { AudioStatsLine } from './StudioAudioControls';
import { VideoQualityLine } from './VideoQualityLine';
import { useGuestRoom } from './useGuestRoom';
import { useGuestRoomConnection } from './useRoomConnection';

/** Spec part 3: who an anonymous guest is until they sign in. */
export const ANONYMOUS_GUEST = { user_name: GUEST_USER_NAME, user_username: GUEST_USERNAME } as const;

/**
 * /join-collaboration/{roomId}: the guest room screen. Signed-out visitors may watch and chat
 * (spec part 1), so this waits for the auth state but does not demand a sign-in.
 */
export function GuestRoomPage() {
  const { state: auth } = useAuth();
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  return <GuestRoom signedIn={auth.status === 'signed-in'} />;
}

function GuestRoom({ signedIn }: { signedIn: boolean }) {
  const { roomId: pathRoomId = '' } = useParams();
  const location = useLocation();
  // The Join a Session form puts the code the host shared in ?target= (spec part 2); invite links
  // carry the room id in the path.
  const query = new URLSearchParams(location.search);
  const roomId = query.get('target')?.trim() || pathRoomId;
  const tier = forcedTier(query.get('tier'));
  const navigate = useNavigate();
  const { api, browser } = useServices();
  const guestRoom = useGuestRoom(roomId, signedIn);
  // The socket connects while the room loads, not after: time to first frame is a chain of round
  // trips (bench/latency.ts), and the join refuses a room that is gone anyway. A room that does not
  // load closes the connection.
  const failed = guestRoom.phase === 'failed';
  const { connection, state, retry } = useGuestRoomConnection(failed ? null : roomId, signedIn, tier);
  const generatedId = useMemo(() => `guest-${randomRoomId(9)}`, []);
  const talkback = useTalkback(connection?.talkback);

  if (guestRoom.phase === 'joining') return <Shell>{<p className="page-status">Joining room...</p>}</Shell>;
  if (guestRoom.phase === 'failed' || state.joinRefused) {
    return (
      <Shell>
        <h1>Unable to Join Room</h1>
        <p role="alert">
          {state.joinRefused ??
            (guestRoom.phase === 'failed' ? guestRoom.reason : undefined) ??
            'Room not found or has ended'}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/')}>
          Back to Home
        </button>
      </Shell>
    );
  }
  if (state.removed) {
    return (
      <Shell>
        <h1>Removed from room</h1>
        <p role="alert">{REMOVED_FROM_ROOM_MESSAGE}</p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/')}>
          Back to Home
        </button>
      </Shell>
    );
  }
  if (state.ended) {
    return (
      <Shell>
        <h1>Session ended</h1>
        <p role="alert">The host has ended this session.</p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/')}>
          Back to Home
        </button>
      </Shell>
    );
  }

  const { room } = guestRoom;
  const peerId = state.self?.peerId ?? generatedId;

  async function leave() {
    await connection?.leave();
    if (signedIn) await api.rooms.leave(roomId).catch((error: unknown) => console.error('Leave call failed', error));
    navigate('/');
  }

  return (
    <div className="room-page">
      <Header />
      <HttpsNeeded who="guest" />
      <StatusBanner state={state} role="guest" onRetry={retry} />
      <RecordingIndicator state={state} role="guest" />
      <BrowserSupportNotice
        missing={missingBesidesHttps(missingForGuest(browser, { onRelay: state.tier === 'relay' }))}
        role="guest"
      />
      <main className="room-layout">
        <div className="room-layout__main">
          <div className="room-title">
            <div>
              <h1>{room.name}</h1>
              <p className="muted">
                Host: {room.host.user_name} · Room ID: <code>{room.roomId}</code> · Your peer ID:{' '}
                <code data-testid="own-peer-id">{peerId}</code>
              </p>
              {!signedIn && (
                <p className="muted">
                  Watching as {ANONYMOUS_GUEST.user_name} (@{ANONYMOUS_GUEST.user_username})
                </p>
              )}
            </div>
          </div>
          {state.tier === 'relay' && (
            <p className="room-relay-warning" data-tone="fallback" data-testid="relay-warning">
              {RELAY_WARNING}
            </p>
          )}
          {state.tier === 'relay' ? (
            <RelayScreen
              connection={connection}
              live={state.relayLive}
              cursor={state.cursor}
              audio={state.remoteAudio}
              audioStatus={state.relayAudio}
            />
          ) : (
            <RemoteScreen
              video={state.remoteVideo}
              audio={state.remoteAudio}
              cursor={state.cursor}
              // "Dim program audio while someone talks": each listener dims its own program audio.
              volume={talkback ? programGain(talkback, state.self?.peerId ?? null) : 1}
            />
          )}
          <AudioStatsLine stats={state.audioStats} />
          <VideoQualityLine quality={state.videoQuality} />
        </div>
        <aside className="room-layout__side">
          <RoomChat messages={state.chat} onSend={async (text) => connection?.sendChat(text)} />
          <TalkbackPanel
            talkback={connection?.talkback}
            selfPeerId={state.self?.peerId ?? null}
            signedIn={signedIn}
            isHost={false}
            onRelay={state.tier === 'relay'}
          />
          <button type="button" className="btn btn--ghost" onClick={() => void leave()}>
            Leave Room
          </button>
          {!signedIn && (
            <button type="button" className="btn btn--accent" onClick={() => navigate(loginPathFor(location))}>
              Login for Full Features
            </button>
          )}
        </aside>
      </main>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="room-page">
      <Header />
      <main className="room-page__status">{children}</main>
    </div>
  );
}
