import type { Ref } from 'react';

interface MenuButtonProps {
  open: boolean;
  /** The id of the sidebar this button shows and hides. */
  controls: string;
  /** Unread messages: the badge stays in sight while the sidebar holding Messages is folded away. */
  unreadCount: number;
  onToggle: () => void;
  ref?: Ref<HTMLButtonElement>;
}

/** The header's menu button on narrow screens (issue 37): opens and closes the dashboard's sidebar. */
export function MenuButton({ open, controls, unreadCount, onToggle, ref }: MenuButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="menu-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
        <path d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
      </svg>
      <span>Menu</span>
      {unreadCount > 0 && (
        <span className="badge" data-testid="menu-unread-badge" aria-label={`${unreadCount} unread`}>
          {unreadCount}
        </span>
      )}
    </button>
  );
}
