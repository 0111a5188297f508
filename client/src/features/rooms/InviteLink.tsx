import { useId, useRef } from 'react';

/** The read-only invite link with Copy (spec part 2); 'Room link copied!' confirms it. */
export function InviteLink({ link }: { link: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard API (an insecure origin, an old browser): copy the selected text instead.
      input.current?.select();
      document.execCommand?.('copy');
    }
    window.alert('Room link copied!');
  }

  return (
    <div className="field room-invite-link">
      <label htmlFor={id}>Invite link</label>
      <div className="room-invite-link__row">
        <input id={id} ref={input} value={link} readOnly onFocus={(event) => event.target.select()} />
        <button type="button" className="btn btn--primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </div>
  );
}
