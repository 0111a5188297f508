import { useEffect, useId, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog over the page. Escape and the backdrop close it, as people expect of a modal. */
export function Modal({ title, onClose, children }: ModalProps) {
  const titleId = useId();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
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
