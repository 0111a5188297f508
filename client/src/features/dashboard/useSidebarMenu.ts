import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNarrowScreen } from '../../components/useNarrowScreen';

export interface SidebarMenu {
  /** Below 768 px: the sidebar hides behind the menu button. */
  narrow: boolean;
  open: boolean;
  toggle: () => void;
  /** Closes the menu and gives the focus back to its button (a section was chosen). */
  closeAfterChoice: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
  sidebarRef: RefObject<HTMLElement | null>;
}

/**
 * The dashboard's sidebar as a menu on narrow screens: Escape closes it and returns the focus to
 * the menu button, as does choosing a section; a press outside it closes it. The focus goes back
 * without scrolling: the header is sticky, but inside the page's scroll padding, so a plain focus()
 * would jump to the top. Wide screens always
 * show the sidebar, and a menu left open folds away when the window widens.
 */
export function useSidebarMenu(): SidebarMenu {
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const isOpen = narrow && open;

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus({ preventScroll: true });
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!sidebarRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return {
    narrow,
    open: isOpen,
    toggle: () => setOpen((value) => !value),
    closeAfterChoice: () => {
      if (!isOpen) return;
      setOpen(false);
      buttonRef.current?.focus({ preventScroll: true });
    },
    buttonRef,
    sidebarRef,
  };
}
