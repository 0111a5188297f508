import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSignedInUser } from '../../app/AuthContext';
import { useLinkOrigin, useServices } from '../../app/ServicesContext';
import { Header } from '../../components/Header';
import { useOwnProfile } from '../dashboard/useOwnProfile';
import { missingForHost } from '../../services/media/browserSupport';
import { BrowserSupportNotice } from './BrowserSupportNotice';
import { ConnectionCode } from './ConnectionCode';
import { HostControls } from './HostControls';
import { HostPreview } from './HostPreview';
import { HttpsNeeded } from './HttpsNeeded';
import { missingBesidesHttps } from './httpsNeeded';
import { INVITE_PARAM } from './invite';
import { InviteCollaborators } from './InviteCollaborators';
import { InviteLink } from './InviteLink';
import { ParticipantsList } from './ParticipantsList';
import { RecordButton } from './RecordButton';
import { RecordingIndicator } from './RecordingIndicator';
import { RoomChat } from './RoomChat';
import { RoomGroup, RoomGroupPicker, useRoomGroups, useUnseen } from './RoomGroups';
import { inviteLinkFor } from './roomIds';
import { StatusBanner } from './StatusBanner';
import { StudioAudioControls } from './StudioAudioControls';
import { TalkbackPanel } from './TalkbackPanel';
import { useTalkback } from './useTalkback';
import { TierSetting } from './TierSetting';
import { useHostRoom } from './useHostRoom';
import { useInviteOnCreate } from './useInviteOnCreate';
import { useHostRoomConnection } from './useRoomConnection';

/** /host-collaboration: the host room screen of spec part 2. */
export function HostRoomPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const location = useLocation();
  const { api, browser } = useServices();
  const linkOrigin = useLinkOrigin();
  const { state: profileState } = useOwnProfile(user.uid);
  // /host-room/{id} hands its id over (redirects.tsx): that room is resumed when this user hosts it.
  const wantedRoomId = (location.state as { roomId?: unknown } | null)?.roomId;
  const hostRoom = useHostRoom(
    profileState,
    user.displayName || user.email || 'Host',
    user.uid,
    typeof wantedRoomId === 'string' ? wantedRoomId : null,
  );
  const room = hostRoom.phase === 'ready' ? hostRoom.room : null;
  const { connection, state, retry } = useHostRoomConnection(room?.roomId ?? null);
  const talkback = useTalkback(connection?.talkback);
  const inviteUid = new URLSearchParams(location.search).get(INVITE_PARAM);
  const invited = useInviteOnCreate(
    inviteUid,
    room ? { roomId: room.roomId, name: room.name, link: inviteLinkFor(room.roomId, linkOrigin) } : null,
  );
  const invitedStatus = invited.status;
  useEffect(() => {
    // Sent: a reload of this screen must not send it again. Other parameters stay as they are.
    if (invitedStatus !== 'sent') return;
    const params = new URLSearchParams(location.search);
    if (!params.has(INVITE_PARAM)) return;
    params.delete(INVITE_PARAM);
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { replace: true, state: location.state },
    );
  }, [invitedStatus, location, navigate]);
  const missing = missingBesidesHttps(missingForHost(browser));
  // The list's maximum follows the host's controls once changed.
  const [maxShown, setMaxShown] = useState<number | null>(null);
  const groups = useRoomGroups();
  const unseenChat = useUnseen(groups, 'chat', state.chat.length);

  if (hostRoom.phase !== 'ready') {
    return (
      <div className="room-page">
        <Header />
        <HttpsNeeded who="host" />
        <main className="room-page__status">
          {hostRoom.phase === 'failed' ? (
            <>
              <div className="room-banner room-banner--error" role="status">
                Failed to create room. Please try again.
              </div>
              <h1>Failed to create room</h1>
              <button type="button" className="btn btn--primary" onClick={() => navigate('/dashboard')}>
                Back to Dashboard
              </button>
            </>
          ) : (
            <p className="page-status">
              {hostRoom.phase === 'loading-profile' ? 'Loading profile...' : 'Creating room...'}
            </p>
          )}
        </main>
      </div>
    );
  }

  const { room: created, hostName } = hostRoom;
  const link = inviteLinkFor(created.roomId, linkOrigin);
  const max = maxShown ?? state.controls?.settings.maxParticipants ?? created.settings.maxParticipants;

  async function endSession() {
    if (!window.confirm('Are you sure you want to end this session?')) return;
    try {
      await api.rooms.end(created.roomId);
    } catch (error) {
      // Already ended or unreachable: the host still leaves.
      console.error('Failed to end room', error);
    }
    connection?.close();
    navigate('/dashboard');
  }

  async function removeParticipant(peerId: string, name: string) {
    if (!window.confirm(`Remove ${name} from this room?`)) return;
    try {
      await connection?.removeParticipant(peerId);
    } catch (error) {
      console.error('Failed to remove participant', error);
      window.alert('Failed to remove participant. Please try again.');
    }
  }

  function toggleShare() {
    if (!connection) return;
    if (state.sharing) {
      void connection.stopScreenShare();
      return;
    }
    connection.startScreenShare().catch((error: unknown) => {
      console.error('Screen share failed', error);
      window.alert('Failed to start screen share. Please try again.');
    });
  }

  return (
    <div className="room-page">
      <Header />
      <HttpsNeeded who="host" />
      <StatusBanner state={state} role="host" onRetry={retry} />
      <RecordingIndicator state={state} role="host" />
      <BrowserSupportNotice missing={missing} role="host" />
      <main className="room-layout">
        <div className="room-layout__main">
          <div className="room-title">
            <div>
              <h1>{created.name}</h1>
              <p className="muted">
                Host: {hostName} · Room ID: <code>{created.roomId}</code>
              </p>
            </div>
            <button type="button" className="btn btn--danger" onClick={() => void endSession()}>
              End Session
            </button>
          </div>
          <RoomGroupPicker groups={groups} unseen={{ chat: unseenChat }} />
          <RoomGroup groups={groups} id="sharing">
            <ConnectionCode code={created.roomId} />
            <InviteLink link={link} />
            {invited.status === 'sent' && (
              <p className="muted" data-testid="invite-on-create">
                ✅ Invite sent to {invited.name}!
              </p>
            )}
            {invited.status === 'failed' && (
              <p className="muted" data-testid="invite-on-create">
                Failed to send invite
              </p>
            )}
            <div className="room-actions">
              <button
                type="button"
                className="btn btn--primary"
                onClick={toggleShare}
                // On the relay fallback the host still shares: its guests get the screen as relay frames.
                disabled={
                  !connection ||
                  !browser.screenCapture ||
                  (state.status !== 'connected' && state.status !== 'connected-fallback')
                }
              >
                {state.sharing ? 'Stop Screen Share' : 'Start Screen Share'}
              </button>
              <RecordButton connection={connection} state={state} />
              <TierSetting
                initial={created.settings.tier ?? 'auto'}
                onChange={async (tier) => {
                  await api.rooms.updateSettings(created.roomId, { tier });
                }}
              />
            </div>
            <HostPreview stream={state.preview} onPointer={(x, y) => connection?.moveCursor(x, y)} />
          </RoomGroup>
          <RoomGroup groups={groups} id="audio">
            <StudioAudioControls
              audio={state.programAudio}
              stats={state.audioStats}
              relayAudio={state.relayAudio}
              onChange={async (source, bitrate) => connection?.setProgramAudio(source, bitrate)}
            />
          </RoomGroup>
        </div>
        <aside className="room-layout__side">
          <RoomGroup groups={groups} id="chat">
            <RoomChat messages={state.chat} onSend={async (text) => connection?.sendChat(text)} />
          </RoomGroup>
          <RoomGroup groups={groups} id="participants">
            <ParticipantsList
              people={state.people}
              peers={state.peers}
              count={state.participantCount}
              max={max}
              onRemove={(peerId, name) => void removeParticipant(peerId, name)}
              speaking={talkback?.speaking}
            />
          </RoomGroup>
          <RoomGroup groups={groups} id="talkback">
            <TalkbackPanel
              talkback={connection?.talkback}
              selfPeerId={state.self?.peerId ?? null}
              signedIn
              isHost
              onRelay={false}
            />
          </RoomGroup>
          <RoomGroup groups={groups} id="joining">
            {/* Beside the list it governs, not above the preview (the screen's main column stays put). */}
            <HostControls
              initial={{ settings: created.settings, locked: false, allowGuestTalkback: false }}
              current={state.controls}
              onChange={async (change) => {
                const now = await connection?.setControls(change);
                if (now) setMaxShown(now.settings.maxParticipants);
                return now;
              }}
            />
            <InviteCollaborators roomName={created.name} link={link} />
          </RoomGroup>
          <button type="button" className="btn btn--ghost" onClick={() => navigate('/dashboard')}>
            Back to Dashboard
          </button>
        </aside>
      </main>
    </div>
  );
}
