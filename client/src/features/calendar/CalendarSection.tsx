import { useSearchParams } from 'react-router-dom';
import { useState } from 'react';
import { useToast } from '../../components/toast/ToastContext';
import { BookingRequestsModal } from './BookingRequestsModal';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { EventsTab } from './EventsTab';
import { FollowingTab } from './FollowingTab';
import { MyCalendarTab } from './MyCalendarTab';
import { BOOKINGS_PANEL, PANEL_PARAM } from './panel';
import { useMyCalendar } from './useMyCalendar';

const TABS = [
  { id: 'mine', label: 'My Calendar' },
  { id: 'following', label: 'My Following' },
  { id: 'events', label: 'MVP Events' },
  { id: 'bookings', label: 'Booking Requests' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The Calendar section (spec part 2): four tabs; the booking requests modal lives in the URL. */
export function CalendarSection({ uid }: { uid: string }) {
  const [params, setParams] = useSearchParams();
  const bookingsOpen = params.get(PANEL_PARAM) === BOOKINGS_PANEL;
  const [chosenTab, setTab] = useState<TabId>('mine');
  // A toast's View action opens the requests wherever the user was.
  const tab: TabId = bookingsOpen ? 'bookings' : chosenTab;
  const { items, bookings, bookingsFailed, market, joins, reload, retry } = useMyCalendar(uid);
  const toast = useToast();

  function showBookings(open: boolean) {
    if (open) setTab('bookings');
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (open) next.set(PANEL_PARAM, BOOKINGS_PANEL);
      else next.delete(PANEL_PARAM);
      return next;
    });
  }

  /** The requester hears the request went, and where to find it: Outgoing, and yellow on both calendars. */
  function bookingSent() {
    reload();
    toast.show({
      type: 'booking',
      message: 'Booking request sent!',
      action: { label: 'View', onClick: () => showBookings(true) },
    });
  }

  return (
    <section className="section" aria-labelledby="calendar-heading">
      <h1 id="calendar-heading" className="section__title">
        Calendar
      </h1>
      <div className="tabs" role="tablist" aria-label="Calendar views">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="tabs__tab"
            onClick={() => {
              if (bookingsOpen) showBookings(false);
              setTab(id);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {tab === 'mine' && (
          <>
            <MyCalendarTab uid={uid} items={items} onChanged={reload} onShowBookings={() => showBookings(true)} />
            <CalendarFeedPanel />
          </>
        )}
        {tab === 'following' && (
          <FollowingTab
            viewerUid={uid}
            outgoing={bookings?.outgoing ?? []}
            onBooked={bookingSent}
            onShowBookings={() => showBookings(true)}
          />
        )}
        {tab === 'events' && <EventsTab />}
        {tab === 'bookings' && (
          <div className="placeholder-card">
            <button type="button" className="btn btn--primary" onClick={() => showBookings(true)}>
              View Booking Requests
            </button>
          </div>
        )}
      </div>
      {bookingsOpen && (
        <BookingRequestsModal
          viewerUid={uid}
          bookings={bookings}
          failed={bookingsFailed}
          onRetry={retry}
          market={market}
          joins={joins}
          onClose={() => showBookings(false)}
          onAnswered={reload}
        />
      )}
    </section>
  );
}
