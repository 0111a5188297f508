import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './ToastProvider';
import { useToast } from './ToastContext';

function Fire({ withAction }: { withAction?: () => void }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() =>
        toast.show({
          message: 'New booking request',
          type: 'booking',
          action: withAction ? { label: 'View', onClick: withAction } : undefined,
        })
      }
    >
      fire
    </button>
  );
}

describe('toasts', () => {
  it('shows a toast for 6 seconds', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Fire />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'fire' }).click());
    expect(screen.getByText('New booking request')).toBeTruthy();
    act(() => vi.advanceTimersByTime(5999));
    expect(screen.getByText('New booking request')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('New booking request')).toBeNull();
  });

  it('can be dismissed, and runs its action', async () => {
    const user = userEvent.setup();
    const action = vi.fn();
    render(
      <ToastProvider>
        <Fire withAction={action} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'fire' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('New booking request')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'fire' }));
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(action).toHaveBeenCalledOnce();
    expect(screen.queryByText('New booking request')).toBeNull();
  });
});
