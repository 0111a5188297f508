import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../services/api';
import { makeReview, MIXER_OFFER } from '../../testing/fakeMarket';
import { ALICE, fakeServices, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

// happy-dom plays no audio: a stand-in player that says whether it was started.
const surfer = vi.hoisted(() => ({ toggled: 0 }));
vi.mock('wavesurfer.js', () => ({
  default: {
    create: () => ({
      on: () => {},
      destroy: () => {},
      playPause: async () => {
        surfer.toggled += 1;
      },
      setTime: () => {},
      play: async () => {},
      getCurrentTime: () => 0,
    }),
  },
}));

const PICTURE = '/api/users/mixer/picture?v=abcdefghijkl';
const MIA = makeUser({
  firebase_uid: 'mixer',
  user_name: 'Mia Mixer',
  user_username: 'mia',
  user_role: 'engineer',
  user_style: ['Latin', 'Pop'],
  user_bio: 'Reggaeton and pop mixes.',
  profileImageUrl: PICTURE,
});

/** Mia's page, with a showcase track and a review; the services to check what was called. */
function openMiasPage() {
  const fake = fakeServices(ALICE);
  vi.mocked(fake.api.users.getByUid).mockResolvedValue(MIA);
  vi.mocked(fake.api.projects.showcase).mockResolvedValue([
    { fileId: 'file-00000001', name: 'Night Drive.wav', durationMs: 185_000, loudnessLufs: -14 },
  ]);
  vi.mocked(fake.api.market.reviewsOf).mockResolvedValue({
    rating: { average: 5, count: 1 },
    reviews: [makeReview({ subjectUid: 'mixer' })],
  });
  const app = renderApp('/people/mixer', fake.services);
  return { ...fake, app };
}

describe("another person's profile page", () => {
  it('shows their picture, name, username, role, genres and bio, and asks only for their public profile', async () => {
    const { api } = openMiasPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia Mixer' })).toBeTruthy();
    expect(api.users.getByUid).toHaveBeenCalledWith('mixer');
    const picture = screen.getByRole('img', { name: 'Mia Mixer' });
    expect(picture.tagName).toBe('IMG');
    expect(picture.getAttribute('src')).toBe(PICTURE);
    expect(screen.getByText('@mia')).toBeTruthy();
    expect(screen.getByText('Engineer')).toBeTruthy();
    expect(screen.getByText('Latin, Pop')).toBeTruthy();
    expect(screen.getByText('Reggaeton and pop mixes.')).toBeTruthy();
  });

  it('plays their showcase tracks and lists the reviews of their offers', async () => {
    const user = userEvent.setup();
    const { api } = openMiasPage();
    const showcase = await screen.findByRole('region', { name: 'Showcase' });
    expect(within(showcase).getByRole('heading', { level: 2, name: 'Showcase' })).toBeTruthy();
    expect(within(showcase).getByText('Night Drive.wav')).toBeTruthy();
    expect(api.projects.showcase).toHaveBeenCalledWith('mixer');
    const played = surfer.toggled;
    await user.click(await within(showcase).findByRole('button', { name: 'Play' }));
    expect(surfer.toggled).toBe(played + 1);
    expect(api.projects.showcasePreview).toHaveBeenCalledWith('mixer', 'file-00000001');

    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByText('★ 5.0 (1)')).toBeTruthy();
    expect(within(reviews).getByText('Great mix, fast turnaround.')).toBeTruthy();
    // A visitor does not answer someone else's reviews.
    expect(within(reviews).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Offers' }).textContent).toContain('Latin mixing');
  });

  it('follows and unfollows, and opens messages with them', async () => {
    const user = userEvent.setup();
    const { api, app } = openMiasPage();
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(api.users.follow).toHaveBeenCalledWith('mixer');
    await user.click(await screen.findByRole('button', { name: 'Unfollow' }));
    expect(api.users.unfollow).toHaveBeenCalledWith('mixer');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(app.location()).toBe('/dashboard?tab=messages&with=mixer');
  });

  it('says Unfollow for someone already followed', async () => {
    const fake = fakeServices(ALICE);
    vi.mocked(fake.api.users.getByUid).mockResolvedValue(MIA);
    vi.mocked(fake.api.users.getMyFollowing).mockResolvedValue([MIA]);
    renderApp('/people/mixer', fake.services);
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
  });

  it('books a free time of their offer from the page', async () => {
    const user = userEvent.setup();
    const { api } = openMiasPage();
    await user.click(await screen.findByRole('button', { name: 'Book a Session' }));
    const panel = await screen.findByRole('region', { name: "Mia Mixer's offers" });
    expect(api.market.freeSlots).toHaveBeenCalledWith('mixer', expect.objectContaining({ minutes: 60 }));
    const slots = await within(panel).findAllByRole('button', { pressed: false });
    await user.click(slots[0]!);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Booking request sent!')).toBeTruthy();
    expect(api.market.requestBooking).toHaveBeenCalledWith(expect.objectContaining({ offerId: MIXER_OFFER.id }));
    await user.click(within(panel).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia Mixer' })).toBeTruthy();
  });

  it('offers no Book button to someone without offers', async () => {
    const fake = fakeServices(ALICE);
    vi.mocked(fake.api.users.getByUid).mockResolvedValue(MIA);
    vi.mocked(fake.api.market.offersOf).mockResolvedValue([]);
    renderApp('/people/mixer', fake.services);
    await screen.findByRole('button', { name: 'Follow' });
    expect(screen.queryByRole('button', { name: 'Book a Session' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull();
  });

  it('shows the initials, not a link to another site, for a picture saved before uploads', async () => {
    const fake = fakeServices(ALICE);
    vi.mocked(fake.api.users.getByUid).mockResolvedValue({ ...MIA, profileImageUrl: 'https://tracker.example/me.png' });
    renderApp('/people/mixer', fake.services);
    const avatar = await screen.findByRole('img', { name: 'Mia Mixer' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('MM');
    expect(document.querySelector('img[src*="tracker.example"]')).toBeNull();
  });

  it('says plainly when the person does not exist', async () => {
    const fake = fakeServices(ALICE);
    vi.mocked(fake.api.users.getByUid).mockRejectedValue(
      new ApiError(404, 'user/not-found', 'No profile exists for this user.'),
    );
    renderApp('/people/nobody', fake.services);
    expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    // Opened directly, Back leads to Explore.
    await userEvent.setup().click(screen.getByRole('link', { name: '← Back' }));
    expect(await screen.findByRole('heading', { name: 'Explore Users' })).toBeTruthy();
  });

  it('opens My Profile for one’s own uid', async () => {
    const { services } = fakeServices(ALICE);
    const app = renderApp(`/people/${ALICE.uid}`, services);
    await screen.findByText('Edit Profile');
    expect(app.location()).toBe('/profile');
  });

  it('is reached from an Explore card and from a Book a Session result', async () => {
    const user = userEvent.setup();
    const fake = fakeServices(ALICE);
    vi.mocked(fake.api.users.listUsers).mockResolvedValue([MIA]);
    vi.mocked(fake.api.users.getByUid).mockResolvedValue(MIA);
    const app = renderApp('/dashboard?tab=explore', fake.services);
    await user.click(await screen.findByRole('link', { name: 'Mia Mixer' }));
    expect(app.location()).toBe('/people/mixer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia Mixer' })).toBeTruthy();
    // Back returns to where the person was opened from.
    await user.click(screen.getByRole('link', { name: '← Back' }));
    expect(app.location()).toBe('/dashboard?tab=explore');

    app.unmount();
    const market = renderApp('/dashboard?tab=book-session', fake.services);
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const card = await screen.findByTestId('market-card');
    await user.click(within(card).getByRole('link', { name: 'Mia Mixer' }));
    expect(market.location()).toBe('/people/mixer');
  });
});
