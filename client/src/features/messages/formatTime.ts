/** A message's hour:minute in the reader's locale and time zone (spec part 2). */
export function formatMessageTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
