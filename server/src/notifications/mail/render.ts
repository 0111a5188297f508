import type { OutgoingMail } from './mailer.js';

export interface MailContent {
  to: string;
  /** The notification's one line: the subject and the first line of the body. */
  title: string;
  /** The item in the app (absolute), when the box knows its public address. */
  openUrl: string | null;
  /** The booking's answer page behind a single-use link, for booking requests. */
  answerUrl: string | null;
  /** The settings page where the person turns these emails off. */
  settingsUrl: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text and HTML saying the same thing; every value the person did not write is escaped. */
export function renderNotificationMail(content: MailContent): OutgoingMail {
  const lines = [content.title, ''];
  const html = [`<p>${escapeHtml(content.title)}</p>`];
  if (content.answerUrl) {
    lines.push(`Answer it (the link works once): ${content.answerUrl}`);
    html.push(`<p><a href="${escapeHtml(content.answerUrl)}">Accept or decline</a> (the link works once)</p>`);
  }
  if (content.openUrl) {
    lines.push(`Open it in Riffroom: ${content.openUrl}`);
    html.push(`<p><a href="${escapeHtml(content.openUrl)}">Open it in Riffroom</a></p>`);
  } else {
    lines.push('Open Riffroom to see it.');
    html.push('<p>Open Riffroom to see it.</p>');
  }
  if (content.settingsUrl) {
    lines.push('', `Choose which emails you get: ${content.settingsUrl}`);
    html.push(`<p style="color:#666"><a href="${escapeHtml(content.settingsUrl)}">Choose which emails you get</a></p>`);
  }
  return {
    to: content.to,
    subject: content.title,
    text: `${lines.join('\n')}\n`,
    html: `<!doctype html><html><body>${html.join('')}</body></html>`,
  };
}
