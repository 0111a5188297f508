import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALICE, fakeServices } from '../../testing/fakeServices';
import { renderApp } from '../../testing/renderApp';

describe('loading screen', () => {
  it('gains 1% every 100 ms, then goes to /dashboard 500 ms after reaching 100%', () => {
    vi.useFakeTimers();
    const { services } = fakeServices(ALICE);
    const app = renderApp('/loading', services);
    const bar = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');

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
