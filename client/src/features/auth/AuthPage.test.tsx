import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeServices, makeProfile } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

function form() {
  return within(screen.getByRole('form'));
}

async function fillLogin(user: ReturnType<typeof userEvent.setup>, email = 'alice@example.test') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(form().getByRole('button', { name: 'Login' }));
}

describe('auth screen: toggle', () => {
  it('switches between Login and Sign Up with the toggle and the link', async () => {
    const user = userEvent.setup();
    const { services } = fakeServices(null);
    renderApp('/login', services);

    expect(form().getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Sign Up' })[0]!);
    expect(screen.getByRole('heading', { name: 'Join Riffroom' })).toBeTruthy();
    for (const label of ['Username', 'Full Name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
    }
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');

    await user.click(screen.getByTestId('auth-switch'));
    expect(screen.queryByRole('heading', { name: 'Join Riffroom' })).toBeNull();
    await user.click(screen.getByTestId('auth-switch'));
    expect(screen.getByRole('heading', { name: 'Join Riffroom' })).toBeTruthy();
  });

  it('opens on Sign Up from the landing page link', () => {
    const { services } = fakeServices(null);
    renderApp('/login?mode=signup', services);
    expect(screen.getByRole('heading', { name: 'Join Riffroom' })).toBeTruthy();
  });
});

describe('auth screen: signup', () => {
  async function signUp(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Full Name'), 'Alice Tester');
    await user.type(screen.getByLabelText('Email'), 'alice@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(form().getByRole('button', { name: 'Sign Up' }));
  }

  it('creates the account, sets the display name, saves the profile, says so and goes to /loading', async () => {
    const user = userEvent.setup();
    const { services, identity, api } = fakeServices(null);
    const app = renderApp('/login?mode=signup', services);
    const calls: string[] = [];
    identity.signUp.mockImplementation(async (email) => {
      calls.push('signUp');
      identity.setUser({ uid: 'new-uid', email, displayName: null });
      return { uid: 'new-uid', email, displayName: null };
    });
    identity.setDisplayName.mockImplementation(async () => void calls.push('setDisplayName'));
    vi.mocked(api.users.publicSaveProfile).mockImplementation(async () => {
      calls.push('publicSaveProfile');
      return makeProfile();
    });

    await signUp(user);

    expect(await screen.findByText('Profile saved!')).toBeTruthy();
    expect(calls).toEqual(['signUp', 'setDisplayName', 'publicSaveProfile']);
    expect(identity.signUp).toHaveBeenCalledWith('alice@example.test', 'secret123', 'alice');
    expect(identity.setDisplayName).toHaveBeenCalledWith('alice');
    expect(api.users.publicSaveProfile).toHaveBeenCalledWith({
      user_name: 'Alice Tester',
      user_email: 'alice@example.test',
      user_username: 'alice',
      firebase_uid: 'new-uid',
    });
    await waitFor(() => expect(app.location()).toBe('/loading'));
    expect(screen.getByText('Setting Up Your Profile...')).toBeTruthy();
  });

  it("shows 'Signup failed. {reason}' and stays put when the account cannot be created", async () => {
    const user = userEvent.setup();
    const { services, identity, api } = fakeServices(null);
    const app = renderApp('/login?mode=signup', services);
    identity.signUp.mockRejectedValue(
      apiError(400, 'auth/email-already-in-use', 'The email address is already in use by another account.'),
    );

    await signUp(user);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Signup failed. The email address is already in use by another account.',
    );
    expect(api.users.publicSaveProfile).not.toHaveBeenCalled();
    expect(app.location()).toBe('/login?mode=signup');
  });

  it('reports a failed profile save the same way', async () => {
    const user = userEvent.setup();
    const { services, api } = fakeServices(null);
    renderApp('/login?mode=signup', services);
    vi.mocked(api.users.publicSaveProfile).mockRejectedValue(
      apiError(400, 'user/username-taken', 'That username is already taken.'),
    );
    await signUp(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Signup failed. That username is already taken.');
  });
});

describe('auth screen: login', () => {
  it.each([
    ['auth/user-not-found', 'There is no user record.', 'No account found with this email.'],
    ['auth/wrong-password', 'The password is invalid.', 'Incorrect password.'],
    ['auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).', 'Incorrect password.'],
    ['auth/invalid-email', 'The email address is badly formatted.', 'Invalid email address.'],
    ['auth/too-many-requests', 'Locked.', 'Too many failed attempts. Please try again later.'],
    ['auth/internal-error', 'Something odd happened.', 'Something odd happened.'],
    ['auth/internal-error', '', 'Login failed. Please try again.'],
    ['auth/internal-error', 'Firebase: Error (auth/internal-error).', 'Login failed. Please try again.'],
  ])('maps %s to the spec message', async (code, serverMessage, shown) => {
    const user = userEvent.setup();
    const { services, identity } = fakeServices(null);
    const app = renderApp('/login', services);
    identity.signIn.mockRejectedValue(apiError(401, code, serverMessage));

    await fillLogin(user);

    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(app.location()).toBe('/login');
  });

  it("says 'Failed to fetch user profile' when the profile cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const { services, api } = fakeServices(null);
    renderApp('/login', services);
    vi.mocked(api.users.getOwnProfile).mockRejectedValue(apiError(404, 'user/not-found', 'No profile.'));

    await fillLogin(user);

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch user profile');
  });

  it.each([
    ['producer', '/producer-dashboard'],
    ['engineer', '/engineer-dashboard'],
    ['artist', '/dashboard'],
  ] as const)('welcomes a %s, then after 1000 ms goes to %s', async (role, path) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { services, api } = fakeServices(null);
    const app = renderApp('/login', services);
    vi.mocked(api.users.getOwnProfile).mockResolvedValue(makeProfile({ user_name: 'Alice Tester', user_role: role }));

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(form().getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Welcome back, Alice Tester!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(900));
    expect(app.location()).toBe('/login');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(app.location()).toBe(path));
  });

  it('goes back to the page that sent the user to log in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { services } = fakeServices(null);
    const app = renderApp('/login?from=%2Fdashboard%3Ftab%3Dexplore', services);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(form().getByRole('button', { name: 'Login' }));

    await screen.findByText('Welcome back, Alice Tester!');
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=explore'));
  });

  it('never follows a return path off the site', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { services } = fakeServices(null);
    const app = renderApp('/login?from=%2F%2Fevil.example%2F', services);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(form().getByRole('button', { name: 'Login' }));

    await screen.findByText('Welcome back, Alice Tester!');
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
  });
});
