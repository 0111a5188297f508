import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

describe('loading screen', () => {
  it('gains 1% every 100 ms, then goes to /dashboard 500 ms after reaching 100%', async () => {
    vi.useFakeTimers();
    const { services } = fakeServices(ALICE);
    const app = renderApp('/loading', services);
    const bar = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');
    // The route is protected: the signed-in state resolves first (a promise, no timer).
    await act(async () => {});

    expect(screen.getByText('Setting Up Your Profile...')).toBeTruthy();
    expect(bar()).toBe('0');
    act(() => vi.advanceTimersByTime(100));
    expect(bar()).toBe('1');
    expect(screen.getByText('1%')).toBeTruthy();
    for (let i = 0; i < 49; i += 1) act(() => vi.advanceTimersByTime(100));
    expect(bar()).toBe('50');
    for (let i = 0; i < 50; i += 1) act(() => vi.advanceTimersByTime(100));
    expect(screen.getByText('100%')).toBeTruthy();

    act(() => vi.advanceTimersByTime(499));
    expect(app.location()).toBe('/loading');
    act(() => vi.advanceTimersByTime(1));
    expect(app.location()).toBe('/dashboard');
  });
});

describe('loading screen when signed out', () => {
  it('sends a signed-out visitor to /login at once, without the progress bar', async () => {
    const { services } = fakeServices(null);
    const app = renderApp('/loading', services);
    await waitFor(() => expect(app.location()).toMatch(/^\/login/));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText('Setting Up Your Profile...')).toBeNull();
  });
});
