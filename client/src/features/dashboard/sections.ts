/** The sidebar's sections (spec part 2), in order. The id is what ?tab= carries. */
export const SECTIONS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'profile', label: 'My Profile' },
  { id: 'explore', label: 'Explore Users' },
  { id: 'messages', label: 'Messages' },
  { id: 'collaborations', label: 'Collaborations' },
  { id: 'calendar', label: 'Calendar' },
  { id: 'book-session', label: 'Book Session' },
  { id: 'projects', label: 'Projects' },
  { id: 'settings', label: 'Settings' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

export const TAB_PARAM = 'tab';
/** The user a Message or Collaborate button picked, for the section it opens. */
export const WITH_PARAM = 'with';

export function isSectionId(value: string | null): value is SectionId {
  return SECTIONS.some((section) => section.id === value);
}
