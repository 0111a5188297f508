import type { Offer, PublicUser } from '@riffroom/protocol';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSignedInUser } from '../../app/AuthContext';
import { Avatar } from '../../components/Avatar';
import { displayName } from '../../components/userLabels';
import { TAB_PARAM, WITH_PARAM, type SectionId } from '../dashboard/sections';
import { formatRate, KIND_LABELS } from '../market/marketLabels';
import { ProviderPanel } from '../market/ProviderPanel';
import { ReviewList } from '../market/ReviewList';
import { ProfileDetails } from '../profile/ProfileView';
import { ShowcaseTracks } from '../profile/ShowcaseTracks';
import { useFollowing, usePerson, usePersonOffers } from './usePerson';
import './people.css';

/** The dashboard section a button opens with this person picked, as Explore's cards do. */
const dashboardWith = (section: SectionId, uid: string) =>
  `/dashboard?${new URLSearchParams({ [TAB_PARAM]: section, [WITH_PARAM]: uid }).toString()}`;

/** Back where the person was opened from (Explore, Book Session, Messages), else to Explore. */
function BackLink() {
  const navigate = useNavigate();
  const openedHere = useLocation().key === 'default';
  return (
    <Link
      to={`/dashboard?${TAB_PARAM}=explore`}
      onClick={(event) => {
        if (openedHere) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      ← Back
    </Link>
  );
}

/** Follow / Unfollow, Message, Collaborate, and Book when the person offers services. */
function PersonActions({ user, offers, onBook }: { user: PublicUser; offers: Offer[]; onBook: () => void }) {
  const navigate = useNavigate();
  const { following, busy, toggle } = useFollowing(user.firebase_uid);
  return (
    <div className="person-page__actions">
      <button
        type="button"
        className={`btn ${following ? 'btn--ghost' : 'btn--primary'}`}
        disabled={following === null || busy}
        onClick={() => void toggle()}
      >
        {following ? 'Unfollow' : 'Follow'}
      </button>
      <button type="button" className="btn" onClick={() => navigate(dashboardWith('messages', user.firebase_uid))}>
        Message
      </button>
      <button
        type="button"
        className="btn"
        onClick={() => navigate(dashboardWith('collaborations', user.firebase_uid))}
      >
        Collaborate
      </button>
      {offers.length > 0 && (
        <button type="button" className="btn" onClick={onBook}>
          Book a Session
        </button>
      )}
    </div>
  );
}

/** What the person offers (issue 35): kind, title, rate and length; Book a Session picks a time. */
function OfferList({ offers }: { offers: Offer[] }) {
  if (offers.length === 0) return null;
  return (
    <section className="person-page__offers" aria-label="Offers">
      <h2>Offers</h2>
      <ul className="feature-list">
        {offers.map((offer) => (
          <li key={offer.id}>
            {KIND_LABELS[offer.kind]}: {offer.title} · {formatRate(offer.rate)} · {offer.typicalMinutes} min
          </li>
        ))}
      </ul>
    </section>
  );
}

function PersonProfile({ uid }: { uid: string }) {
  const state = usePerson(uid);
  const offers = usePersonOffers(uid);
  const [booking, setBooking] = useState(false);

  if (state.status === 'loading') return <p className="page-status">Loading profile...</p>;
  if (state.status === 'not-found') {
    return (
      <main className="page person-page">
        <BackLink />
        <h1>Person not found</h1>
        <p className="empty-state">Nobody here: the profile may have been removed, or the link is wrong.</p>
      </main>
    );
  }
  if (state.status === 'failed') {
    return (
      <main className="page person-page">
        <BackLink />
        <p role="alert">{state.message}</p>
      </main>
    );
  }

  const { user } = state;
  const name = displayName(user);
  const first = offers[0];
  if (booking && first) {
    return (
      <main className="page person-page">
        <h1 className="section__title">Book a Session</h1>
        <ProviderPanel provider={{ uid, name, offer: { id: first.id } }} onClose={() => setBooking(false)} />
      </main>
    );
  }
  return (
    <main className="page person-page">
      <BackLink />
      <div className="profile-view">
        <div className="profile-view__identity">
          <Avatar name={name} imageUrl={user.profileImageUrl} size="large" />
          <div>
            <h1 className="profile-view__name">{name}</h1>
            <p className="profile-view__username">@{user.user_username}</p>
          </div>
        </div>
        <PersonActions user={user} offers={offers} onBook={() => setBooking(true)} />
        {user.user_bio && <p className="profile-view__bio">{user.user_bio}</p>}
        <ProfileDetails profile={user} />
        <OfferList offers={offers} />
        <ShowcaseTracks uid={uid} headingLevel={2} />
        <ReviewList uid={uid} headingLevel={2} />
      </div>
    </main>
  );
}

/**
 * Another person's profile (issues 35 and 36): picture, name, roles, genres, bio, offers, showcase
 * tracks and reviews, with Follow, Message, Collaborate and Book. One's own uid opens My Profile.
 */
export function PersonPage() {
  const { uid = '' } = useParams();
  const me = useSignedInUser();
  if (uid === me.uid) return <Navigate to="/profile" replace />;
  // A new person is a new page: nothing of the previous one's state carries over.
  return <PersonProfile key={uid} uid={uid} />;
}
