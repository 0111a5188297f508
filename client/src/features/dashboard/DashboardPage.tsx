import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth, useSignedInUser } from '../../app/AuthContext';
import { Header } from '../../components/Header';
import { displayName } from '../../components/userLabels';
import { BOOKINGS_PANEL, PANEL_PARAM } from '../calendar/panel';
import { useBookingToast } from '../calendar/useBookingToast';
import { ExploreUsers } from '../explore/ExploreUsers';
import { NotificationBell } from '../notifications/NotificationBell';
import { EmailSettings } from '../notifications/EmailSettings';
import { MessagesTab } from '../messages/MessagesTab';
import { useInbox } from '../messages/useInbox';
import { ProfileTab } from '../profile/ProfileTab';
import { CollaborationTab } from '../rooms/CollaborationTab';
import { BookSession } from './BookSession';
import { DashboardHome } from './DashboardHome';
import { MenuButton } from './MenuButton';
import { isSectionId, TAB_PARAM, WITH_PARAM, type SectionId } from './sections';
import { Sidebar } from './Sidebar';
import { useOwnProfile } from './useOwnProfile';
import { useSidebarMenu } from './useSidebarMenu';
import { RecordingsSection } from '../recordings/RecordingsSection';
import { ProjectsSection } from '../projects/ProjectsSection';

/**
 * The calendar (react-big-calendar, date-fns, lodash: about a third of the client's code) loads
 * when opened, so the pages everyone opens first, the room pages above all, parse less script
 * before they can start (bench/latency.ts).
 */
const CalendarSection = lazy(() => import('../calendar/CalendarSection').then((m) => ({ default: m.CalendarSection })));

/**
 * The signed-in home: sidebar plus one section. The section lives in ?tab= so a reload or a shared
 * link lands on the same place; /profile opens My Profile by default.
 */
export function DashboardPage({ defaultSection = 'dashboard' }: { defaultSection?: SectionId }) {
  const user = useSignedInUser();
  const { signOut } = useAuth();
  const [params, setParams] = useSearchParams();
  const { state: profileState, replaceProfile } = useOwnProfile(user.uid);

  const tab = params.get(TAB_PARAM);
  const active: SectionId = isSectionId(tab) ? tab : defaultSection;
  const profile = profileState.status === 'ready' ? profileState.profile : null;
  const fallbackName = user.displayName || user.email;
  const name = profile ? displayName(profile) : fallbackName;

  function open(section: SectionId, withUid?: string, panel?: string) {
    const next = new URLSearchParams();
    if (section !== defaultSection) next.set(TAB_PARAM, section);
    if (withUid) next.set(WITH_PARAM, withUid);
    if (panel) next.set(PANEL_PARAM, panel);
    setParams(next);
  }
  useBookingToast(() => open('calendar', undefined, BOOKINGS_PANEL));
  const onMessage = (uid: string) => open('messages', uid);
  const openWith = params.get(WITH_PARAM);
  const inbox = useInbox({
    openConversation: active === 'messages' ? openWith : null,
    openConversationWith: onMessage,
  });
  const onCollaborate = (uid: string) => open('collaborations', uid);
  const { narrow, open: menuOpen, toggle, closeAfterChoice, buttonRef, sidebarRef } = useSidebarMenu();
  const sidebarId = useId();
  const content = useRef<HTMLElement>(null);
  const shownSection = useRef(active);
  useEffect(() => {
    // A section opened after a scroll starts at its heading, below the sticky header (its
    // scroll-margin-top), not wherever the previous section's scroll left the page.
    if (shownSection.current === active) return;
    shownSection.current = active;
    const element = content.current;
    const header = document.querySelector('.app-header');
    if (element && element.getBoundingClientRect().top < (header?.getBoundingClientRect().bottom ?? 0)) {
      element.scrollIntoView?.({ block: 'start' });
    }
  }, [active]);

  function logOut() {
    // The auth state change takes us to '/' (see ProtectedRoute); nothing to navigate here.
    signOut().catch((error: unknown) => console.error('Sign-out failed', error));
  }

  return (
    <div className="dashboard">
      <Header>
        {narrow && (
          <MenuButton
            ref={buttonRef}
            open={menuOpen}
            controls={sidebarId}
            unreadCount={inbox.total}
            onToggle={toggle}
          />
        )}
        <NotificationBell />
      </Header>
      <div className="dashboard__body">
        <Sidebar
          ref={sidebarRef}
          id={sidebarId}
          hidden={narrow && !menuOpen}
          asMenu={narrow}
          name={name}
          username={profile?.user_username ?? user.displayName ?? ''}
          imageUrl={profile?.profileImageUrl ?? ''}
          active={active}
          unreadCount={inbox.total}
          onSelect={(section) => {
            closeAfterChoice();
            open(section);
          }}
          onLogOut={logOut}
        />
        <main className="dashboard__content" ref={content}>
          {active === 'dashboard' && (
            <DashboardHome
              name={profileState.status === 'loading' ? null : name}
              onMessage={onMessage}
              onCollaborate={onCollaborate}
            />
          )}
          {active === 'profile' && <ProfileTab state={profileState} onSaved={replaceProfile} />}
          {active === 'explore' && (
            <ExploreUsers currentUid={user.uid} onMessage={onMessage} onCollaborate={onCollaborate} />
          )}
          {active === 'messages' && (
            <MessagesTab currentUid={user.uid} selectedUid={openWith} onSelect={onMessage} inbox={inbox} />
          )}
          {active === 'collaborations' && <CollaborationTab withUid={openWith} />}
          {active === 'calendar' && (
            <Suspense fallback={<p className="page-status">Loading...</p>}>
              <CalendarSection uid={user.uid} />
            </Suspense>
          )}
          {active === 'book-session' && <BookSession />}
          {/* Projects (issue 36) above the room recordings (issue 17). */}
          {active === 'projects' && (
            <>
              <ProjectsSection />
              <RecordingsSection uid={user.uid} />
            </>
          )}
          {/* Settings (spec part 2 leaves it empty) holds the email choices of the notification centre. */}
          {active === 'settings' && <EmailSettings />}
        </main>
      </div>
    </div>
  );
}
