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
