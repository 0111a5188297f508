/**
 * The room's connection code (spec part 9: the room id, 7 characters), shown large beside the
 * invite link, for collaborators who type it into Join a Session rather than open a link.
 */
export function ConnectionCode({ code }: { code: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // No clipboard API (an insecure origin, an old browser): the code is short enough to read out.
    }
    window.alert('Connection code copied!');
  }

  return (
    <div className="room-code">
      <span className="muted" id="connection-code-label">
        Connection code
      </span>
      <code className="room-code__value" aria-labelledby="connection-code-label" data-testid="connection-code">
        {code}
      </code>
      <button type="button" className="btn btn--primary" aria-label="Copy connection code" onClick={() => void copy()}>
        Copy
      </button>
    </div>
  );
}
