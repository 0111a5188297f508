import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALICE, fakeServices } from '../testing/fakeServices';
import { renderApp } from '../testing/renderApp';

describe('routes (spec part 2)', () => {
  it('shows Loading... on a protected route while auth resolves, then sends a signed-out visitor to /login', async () => {
    const { services, identity } = fakeServices('unresolved');
    const app = renderApp('/dashboard?tab=explore', services);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(app.location()).toBe('/dashboard?tab=explore');

    act(() => identity.setUser(null));
    await waitFor(() => expect(app.location()).toMatch(/^\/login\?/));
    // The return path rides along so login can bring the user back.
    expect(new URLSearchParams(app.location()!.split('?')[1]).get('from')).toBe('/dashboard?tab=explore');
    expect(screen.getByRole('heading', { name: 'Log in to your studio' })).toBeTruthy();
  });

  it.each(['/profile', '/producer-dashboard', '/engineer-dashboard', '/host-collaboration'])(
    'protects %s',
    async (path) => {
      const { services } = fakeServices(null);
      const app = renderApp(path, services);
      await waitFor(() => expect(app.location()).toMatch(/^\/login\?from=/));
    },
  );

  it('redirects /host-room/{roomId} to /host-collaboration', async () => {
    const { services } = fakeServices(ALICE);
    const app = renderApp('/host-room/abc1234', services);
    await waitFor(() => expect(app.location()).toBe('/host-collaboration'));
    expect(await screen.findByRole('button', { name: 'Back to Dashboard' })).toBeTruthy();
  });

  it('redirects /join-room/{roomId} to /join-collaboration/{roomId}, keeping ?target=', async () => {
    const { services } = fakeServices(ALICE);
    const app = renderApp('/join-room/abc1234?target=xyz9876', services);
    await waitFor(() => expect(app.location()).toBe('/join-collaboration/abc1234?target=xyz9876'));
    // The connection code names the room to join.
    expect(await screen.findByText('xyz9876')).toBeTruthy();
  });

  it('lets a signed-out visitor onto the guest screen, after the auth state resolves', async () => {
    const { services, identity } = fakeServices('unresolved');
    const app = renderApp('/join-collaboration/r1', services);
    expect(screen.getByText('Loading...')).toBeTruthy();
    act(() => identity.setUser(null));
    expect(await screen.findByRole('button', { name: 'Login for Full Features' })).toBeTruthy();
    expect(app.location()).toBe('/join-collaboration/r1');
  });

  it('sends any other path to /', async () => {
    const { services } = fakeServices(null);
    const app = renderApp('/no/such/page', services);
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Make music together, from anywhere.' })).toBeTruthy();
  });

  it('sends a signed-in user from / to /dashboard', async () => {
    const { services } = fakeServices(ALICE);
    const app = renderApp('/', services);
    await waitFor(() => expect(app.location()).toBe('/dashboard'));
    expect(await screen.findByText('Welcome back, Alice Tester!')).toBeTruthy();
  });

  it('shows the landing page on / when signed out, with Log In and Sign Up links', async () => {
    const { services } = fakeServices(null);
    renderApp('/', services);
    expect(await screen.findByRole('heading', { name: 'Make music together, from anywhere.' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Log In' })[0]?.getAttribute('href')).toBe('/login');
    expect(screen.getAllByRole('link', { name: 'Sign Up' })[0]?.getAttribute('href')).toBe('/login?mode=signup');
    expect(screen.getByText('Riffroom')).toBeTruthy();
  });
});
