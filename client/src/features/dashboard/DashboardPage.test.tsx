import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices, makeUser } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

const SECTION_NAMES = [
  'Dashboard',
  'My Profile',
  'Explore Users',
  'Messages',
  'Collaborations',
  'Calendar',
  'Book Session',
  'Projects',
  'Settings',
  'Log Out',
];

describe('dashboard', () => {
  it('greets the user and shows the sidebar with every section', async () => {
    const { services } = fakeServices(ALICE);
    renderApp('/dashboard', services);

    expect(await screen.findByText('Welcome back, Alice Tester!')).toBeTruthy();
    const sidebar = within(screen.getByRole('complementary'));
    expect(sidebar.getByText('Alice Tester')).toBeTruthy();
    expect(sidebar.getByText('@alice')).toBeTruthy();
    expect(sidebar.getByRole('img', { name: 'Alice Tester' })).toBeTruthy();
    expect(sidebar.getAllByRole('button').map((button) => button.textContent)).toEqual(SECTION_NAMES);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByText('Riffroom')).toBeTruthy();
  });

  it("says 'You are not following anyone yet.' when the user follows nobody", async () => {
    const { services } = fakeServices(ALICE);
    renderApp('/dashboard', services);
    expect(await screen.findByText('You are not following anyone yet.')).toBeTruthy();
  });

  it('lists followed users as cards whose buttons open Messages and Collaborations', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.users.getMyFollowing).mockResolvedValue([
      makeUser({ firebase_uid: 'bob', user_name: 'Bob Tester', user_username: 'bobby', user_role: 'engineer' }),
    ]);
    const app = renderApp('/dashboard', services);

    const card = within(await screen.findByTestId('user-card'));
    expect(card.getByText('Bob Tester')).toBeTruthy();
    expect(card.getByText('@bobby')).toBeTruthy();
    expect(card.getByText('Engineer')).toBeTruthy();

    await user.click(card.getByRole('button', { name: 'Message' }));
    expect(app.location()).toBe('/dashboard?tab=messages&with=bob');
    expect(screen.getByRole('button', { name: 'Messages' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Dashboard' }));
    await user.click(within(await screen.findByTestId('user-card')).getByRole('button', { name: 'Collaborate' }));
    expect(app.location()).toBe('/dashboard?tab=collaborations&with=bob');
  });

  it('keeps the section in the URL, and /profile opens My Profile', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const app = renderApp('/dashboard?tab=book-session', services);

    expect(await screen.findByRole('heading', { name: 'Book a Session' })).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Explore Users' }));
    expect(app.location()).toBe('/dashboard?tab=explore');
    // Projects holds the Recordings list (issue 17).
    await user.click(screen.getByRole('button', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { name: 'Recordings' })).toBeTruthy();
    expect(await screen.findByText('No recordings yet. Record a session from the host screen.')).toBeTruthy();
    // Settings holds the notification centre's email choices (issue 35).
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Email notifications' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Booking requests I receive' })).toBeTruthy();

    app.unmount();
    renderApp('/profile', services);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('logs out to the landing page, closing the notification socket', async () => {
    const user = userEvent.setup();
    const { services, identity, realtime } = fakeServices(ALICE);
    const app = renderApp('/dashboard', services);
    await waitFor(() => expect(realtime.connectedAs).toBe('me'));
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(identity.signOut).toHaveBeenCalled();
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(realtime.connectedAs).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Make music together, from anywhere.' })).toBeTruthy();
  });

  it('sends the user to /login, not the landing page, when the session ends on its own', async () => {
    const { services, identity } = fakeServices(ALICE);
    const app = renderApp('/dashboard?tab=explore', services);
    expect(await screen.findByRole('heading', { name: 'Explore Users' })).toBeTruthy();
    act(() => identity.setUser(null));
    await waitFor(() => expect(app.location()).toMatch(/^\/login\?from=/));
  });
});
