import type { MissingFeature } from '../../services/media/browserSupport';

/**
 * Browsers allow screen sharing (getDisplayMedia), WebCodecs (the relay tier's program audio) and
 * the microphone (talkback) only in secure contexts: HTTPS pages, and localhost, which browsers
 * count as secure. A room opened over plain HTTP from another machine would fail at the first of
 * these with nothing saying why, so the room screens say it up front.
 */
export interface PageOrigin {
  isSecureContext?: boolean;
  hostname: string;
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function pageNeedsHttps(page: PageOrigin): boolean {
  if (page.isSecureContext !== false) return false;
  const name = page.hostname.toLowerCase();
  return !(LOCAL_NAMES.has(name) || name.endsWith('.localhost'));
}

export function currentPageNeedsHttps(): boolean {
  return pageNeedsHttps({ isSecureContext: window.isSecureContext, hostname: window.location.hostname });
}

/**
 * What a room screen's browser-support notice should still name: on a plain-HTTP page screen
 * capture and WebCodecs audio are missing because of the page, not the browser, and the HTTPS
 * notice (HttpsNeeded) already says so; telling the user to get another browser would mislead.
 */
export function missingBesidesHttps(missing: MissingFeature[], needsHttps = currentPageNeedsHttps()): MissingFeature[] {
  if (!needsHttps) return missing;
  return missing.filter((feature) => feature !== 'screen-capture' && feature !== 'relay-audio');
}

/** The docs page (listed in the README) that walks an operator through HTTPS, TURN and the firewall. */
export const HTTPS_DOCS_PAGE = 'Putting it on the internet';
