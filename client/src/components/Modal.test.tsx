import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal, ModalActions } from './Modal';

/** A page with an opener button and, once opened, a modal with fields (or none). */
function Page({ withFields }: { withFields: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      {open && (
        <Modal title="A form" onClose={close}>
          {withFields ? (
            <form>
              <label htmlFor="first">First</label>
              <input id="first" />
              <label htmlFor="second">Second</label>
              <input id="second" />
              <ModalActions submit="Save" onClose={close} />
            </form>
          ) : (
            <ModalActions onClose={close} />
          )}
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('moves focus to its first field, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Page withFields />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByLabelText('First'));

    // Forward: Second, Save, Close, then round to the header's × and back to First.
    const forward = [
      screen.getByLabelText('Second'),
      screen.getByRole('button', { name: 'Save' }),
      screen.getByRole('button', { name: 'Close' }),
      screen.getByRole('button', { name: 'Close dialog' }),
      screen.getByLabelText('First'),
    ];
    for (const next of forward) {
      await user.tab();
      expect(document.activeElement).toBe(next);
    }
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close dialog' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses the dialog itself when it has nothing to fill, and Close gives focus back', async () => {
    const user = userEvent.setup();
    render(<Page withFields={false} />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    await user.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'A form' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close dialog' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close dialog' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
