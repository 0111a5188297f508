import { z } from 'zod';

/**
 * Free text that ends up in other people's calendars (the host's .ics feed, spec part 4's calendar)
 * carries no control characters: a bare carriage return or a form feed there can start a new line
 * in a calendar file, or hide text. Line breaks are kept where a field may have several lines.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const NO_CONTROLS = /^[^\u0000-\u001F\u007F]*$/;
/** Allows tab and line feed; carriage returns were already turned into line feeds. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const NO_CONTROLS_BUT_LINES = /^[^\u0000-\u0008\u000B-\u001F\u007F]*$/;

/** One line: a title, a place, a genre. */
export const singleLineText = () =>
  z.string().trim().regex(NO_CONTROLS, 'must not contain line breaks or control characters');

/** Several lines: a description, a message. `\r\n` and a bare `\r` become `\n`. */
export const multiLineText = () =>
  z
    .string()
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .regex(NO_CONTROLS_BUT_LINES, 'must not contain control characters');

/**
 * Characters a name must not carry (issue 34 item 10): control characters (line breaks, bells,
 * escapes), the line and paragraph separators, and the bidirectional embeddings, overrides and
 * isolates, which reorder what follows them ("\u202Etsoh ehT" shows as "The host").
 */
const NOT_IN_NAMES = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/** Something a reader can see: not only spaces, separators and invisible format characters. */
const VISIBLE = /[^\s\p{Z}\p{Cf}]/u;

/**
 * A name shown to other people (a profile's full name, an account's display name, a room's name,
 * and through them talkers and recordings): one non-blank line without control or bidi-override
 * characters, trimmed, at most `max` characters.
 */
export const nameText = (max: number, label = 'Name') =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((name) => VISIBLE.test(name), `${label} must not be blank.`)
    .refine(
      (name) => !NOT_IN_NAMES.test(name),
      `${label} must be one line without control or text-direction characters.`,
    );
