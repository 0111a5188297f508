import { useState, type FormEvent } from 'react';

interface ComposerProps {
  label: string;
  /** Resolves when the text was delivered; the input is cleared only then. */
  onSend: (text: string) => Promise<unknown>;
  failureMessage?: string;
  maxLength: number;
  /** Not connected yet: nothing can be sent. */
  disabled?: boolean;
}

/** A one-line message input with Send; Enter sends, and blank text cannot be sent (spec part 5). Shared by direct messages and room chat. */
export function Composer({
  label,
  onSend,
  maxLength,
  disabled = false,
  failureMessage = 'Message not sent. Please try again.',
}: ComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const blank = text.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || sending || disabled) return;
    setSending(true);
    setFailed(false);
    try {
      await onSend(text.trim());
      setText('');
    } catch (error) {
      // The text stays in the box so nothing the user typed is lost.
      console.error('Failed to send message', error);
      setFailed(true);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="composer" onSubmit={(event) => void submit(event)}>
      <input
        className="composer__input"
        aria-label={label}
        placeholder="Type a message..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={maxLength}
        disabled={disabled}
      />
      <button type="submit" className="btn btn--primary" disabled={blank || sending || disabled}>
        Send
      </button>
      {failed && (
        <p className="composer__error" role="alert">
          {failureMessage}
        </p>
      )}
    </form>
  );
}
