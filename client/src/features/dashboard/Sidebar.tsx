import type { Ref } from 'react';
import { Avatar } from '../../components/Avatar';
import { SECTIONS, type SectionId } from './sections';

interface SidebarProps {
  name: string;
  username: string;
  imageUrl: string;
  active: SectionId;
  unreadCount: number;
  onSelect: (section: SectionId) => void;
  onLogOut: () => void;
  /** The menu button's aria-controls. */
  id?: string;
  /** Folded behind the menu button (narrow screens, menu closed). */
  hidden?: boolean;
  /** Shown over the page from the menu button (narrow screens). */
  asMenu?: boolean;
  ref?: Ref<HTMLElement>;
}

/** Who is signed in, and every section of the dashboard (spec part 2, 'Dashboard sidebar'). */
export function Sidebar({
  name,
  username,
  imageUrl,
  active,
  unreadCount,
  onSelect,
  onLogOut,
  id,
  hidden = false,
  asMenu = false,
  ref,
}: SidebarProps) {
  return (
    <aside ref={ref} id={id} hidden={hidden} className={asMenu ? 'sidebar sidebar--menu' : 'sidebar'}>
      <div className="sidebar__profile" data-testid="sidebar-profile">
        <Avatar name={name} imageUrl={imageUrl} size="large" />
        <p className="sidebar__name">{name}</p>
        {username && <p className="sidebar__username">@{username}</p>}
      </div>
      <nav aria-label="Dashboard sections">
        <ul className="sidebar__nav">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <button
                type="button"
                className="sidebar__item"
                aria-current={active === section.id ? 'page' : undefined}
                data-section={section.id}
                onClick={() => onSelect(section.id)}
              >
                <span>{section.label}</span>
                {section.id === 'messages' && unreadCount > 0 && (
                  <span className="badge" data-testid="unread-badge" aria-label={`${unreadCount} unread`}>
                    {unreadCount}
                  </span>
                )}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="sidebar__item sidebar__item--logout" onClick={onLogOut}>
              Log Out
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
