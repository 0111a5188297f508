import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
const FIELDS = 'input, select, textarea';

/** What Tab may reach inside `root`: enabled, not hidden. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.matches(':disabled') && !element.closest('[hidden], [inert]'),
  );
}

/**
 * A dialog over the page, as keyboard and screen-reader users expect of one: focus moves in on open
 * (to the first field, or the dialog itself when it has none to fill), Tab and Shift+Tab cycle
 * inside it, Escape and the backdrop close it, and focus goes back to whatever opened it.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  // Once, on open and on close: in, and back out to the opener.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = dialog.current;
    const field = root?.querySelector<HTMLElement>(FIELDS);
    (field && !field.matches(':disabled') ? field : root)?.focus();
    // Back to the control that opened it, unless that control has gone meanwhile.
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  function trapTab(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const reachable = focusables(dialog.current);
    const first = reachable[0];
    const last = reachable[reachable.length - 1];
    if (!first || !last) return event.preventDefault();
    const active = document.activeElement;
    const outside = !reachable.includes(active as HTMLElement);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <header className="modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal__close" aria-label="Close dialog" onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
interface ModalActionsProps {
  /** The label of the form's submit button; none for a modal that only shows. */
  submit?: string;
  /** While the form is sending: its submit button is disabled. */
  busy?: boolean;
  onClose: () => void;
  /** Buttons between the submit and Close (Edit Session's Cancel Session). */
  children?: ReactNode;
}

/** A modal's row of buttons: its submit first, Close always last. */
export function ModalActions({ submit, busy = false, onClose, children }: ModalActionsProps) {
  return (
    <div className="form-actions">
      {submit && (
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {submit}
        </button>
      )}
      {children}
      <button type="button" className="btn btn--ghost" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
