import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

interface HappyDomWindow {
  happyDOM: { setViewport(size: { width: number; height: number }): void };
}
const setViewport = (width: number, height: number) =>
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });

describe('the dashboard sidebar on a phone (below 768 px)', () => {
  afterEach(() => setViewport(1024, 768));

  it('hides behind a Menu button that opens it, closes on a chosen section and gives the focus back', async () => {
    setViewport(390, 844);
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    const app = renderApp('/dashboard', services);
    await screen.findByText('Welcome back, Alice Tester!');

    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const sidebar = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(sidebar?.tagName).toBe('ASIDE');
    expect(sidebar?.hidden).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).toBeNull();

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(sidebar?.hidden).toBe(false);
    const sections = screen.getByRole('navigation', { name: 'Dashboard sections' });
    await user.click(within(sections).getByRole('button', { name: 'Explore Users' }));
    expect(app.location()).toBe('/dashboard?tab=explore');
    expect(await screen.findByRole('heading', { name: 'Explore Users' })).toBeTruthy();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(sidebar?.hidden).toBe(true);
    expect(document.activeElement).toBe(menu);
  });

  it('closes on Escape, returning the focus to the Menu button, and on a press outside it', async () => {
    setViewport(390, 844);
    const user = userEvent.setup();
    const { services } = fakeServices(ALICE);
    renderApp('/dashboard', services);
    const menu = await screen.findByRole('button', { name: 'Menu' });

    await user.click(menu);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard sections' })).getByRole('button', {
        name: 'My Profile',
      }),
    );
    await user.click(menu);
    screen.getByRole('button', { name: 'Log Out' }).focus();
    await user.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);

    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('main'));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the unread messages badge on the Menu button while the sidebar is folded away', async () => {
    setViewport(390, 844);
    const { services, api } = fakeServices(ALICE);
    vi.mocked(api.messages.unreadCounts).mockResolvedValue([{ _id: 'bob', count: 3 }]);
    renderApp('/dashboard', services);

    const menu = await screen.findByRole('button', { name: 'Menu 3 unread' });
    expect(within(menu).getByTestId('menu-unread-badge').textContent).toBe('3');
  });

  it('keeps the sidebar in sight, with no Menu button, on a wide screen', async () => {
    const { services } = fakeServices(ALICE);
    renderApp('/dashboard', services);
    await screen.findByText('Welcome back, Alice Tester!');
    expect(screen.getByRole('navigation', { name: 'Dashboard sections' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Menu/ })).toBeNull();
  });

  it('follows the window: narrowing it folds the sidebar away behind the Menu button', async () => {
    const { services } = fakeServices(ALICE);
    renderApp('/dashboard', services);
    await screen.findByText('Welcome back, Alice Tester!');
    setViewport(390, 844);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy());
    expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).toBeNull();
  });
});
