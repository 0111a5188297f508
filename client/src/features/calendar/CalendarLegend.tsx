import { CALENDAR_COLOURS, textOn, type ColourKey } from './colours';

/** The key under every calendar, in the order spec part 2 names the colours. */
const ENTRIES: ReadonlyArray<{ key: ColourKey; label: string; badge?: boolean }> = [
  { key: 'default', label: 'Public session' },
  { key: 'event', label: 'Event' },
  { key: 'followers', label: 'Followers-only session' },
  { key: 'private', label: 'Private session or busy time' },
  { key: 'confirmed', label: 'Confirmed booking', badge: true },
  { key: 'pending', label: 'Pending request' },
];

export function CalendarLegend() {
  return (
    <ul className="calendar-legend" aria-label="Calendar colours">
      {ENTRIES.map(({ key, label, badge }) => (
        <li key={key} className="calendar-legend__item" data-colour={key}>
          <span
            className={badge ? 'calendar-badge' : 'calendar-legend__swatch'}
            style={{ backgroundColor: CALENDAR_COLOURS[key], color: textOn(CALENDAR_COLOURS[key]) }}
            aria-hidden="true"
          >
            {badge ? '✓' : ''}
          </span>
          {label}
        </li>
      ))}
    </ul>
  );
}
