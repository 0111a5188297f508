import { Fragment } from 'react';

// Only http(s) URLs become links (spec part 2); the rest of the text stays text, so markup such as
// `<b>x</b>` or a `javascript:` URL is shown exactly as typed. React escapes every text node.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
// A sentence's closing punctuation usually is not part of the link it ends with.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

type Piece = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

export function splitLinks(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push(isHttpUrl(url) ? { kind: 'link', href: url, text: url } : { kind: 'text', text: url });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}

function isHttpUrl(candidate: string): boolean {
  try {
    const { protocol } = new URL(candidate);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Message text with its http(s) links clickable; they open in a new tab that cannot reach back. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((piece, index) =>
        piece.kind === 'link' ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.text}
          </a>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
