import { currentPageNeedsHttps, HTTPS_DOCS_PAGE } from './httpsNeeded';

/**
 * The plain-HTTP warning of the room screens (httpsNeeded.ts says why). The host cannot share at
 * all without HTTPS; a guest still sees the picture and chat, but not relay audio or talkback.
 */
export function HttpsNeeded({ who }: { who: 'host' | 'guest' }) {
  if (!currentPageNeedsHttps()) return null;
  return (
    <div className="room-banner room-banner--error" role="alert">
      {who === 'host' ? (
        <>
          This room needs HTTPS. Browsers allow screen sharing and studio audio only on secure pages, and this page was
          opened over plain HTTP ({window.location.origin}). Open the room at an https:// address; to set one up, see
          &quot;{HTTPS_DOCS_PAGE}&quot; in the Riffroom README&apos;s guides (docs/internet.md).
        </>
      ) : (
        <>
          Relay audio and talkback need HTTPS. This page was opened over plain HTTP, so you can watch and chat but may
          not hear the studio or talk back. Ask the host for the room&apos;s https:// link (Riffroom docs: &quot;
          {HTTPS_DOCS_PAGE}&quot;).
        </>
      )}
    </div>
  );
}
