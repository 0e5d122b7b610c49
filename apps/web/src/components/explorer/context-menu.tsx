'use client';

import { useEffect, useRef } from 'react';

/** One entry of the explorer's context menu. */
export interface MenuEntry {
  name: string;
  disabled?: boolean;
  perform: () => void;
}

/** The explorer's context menu (`role="menu"`): arrow keys move, Enter or click performs,
 * Escape, Tab or a click elsewhere closes. */
export function ContextMenu({
  x,
  y,
  entries,
  onClose,
}: {
  x: number;
  y: number;
  entries: MenuEntry[];
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  // Once, when the menu opens: the first entry takes the focus (not again on each re-render).
  useEffect(() => {
    menu.current
      ?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')
      ?.focus();
    const outside = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node)) close.current();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, []);
  const move = (step: number) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + step + items.length) % items.length]?.focus();
  };
  return (
    <div
      ref={menu}
      role="menu"
      aria-label="Explorer actions"
      className="context-menu"
      style={{ left: x, top: y }}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape' || event.key === 'Tab') {
          event.preventDefault();
          onClose();
        } else if (event.key === 'ArrowDown') {
          event.preventDefault();
          move(1);
        } else if (event.key === 'ArrowUp') {
          event.preventDefault();
          move(-1);
        }
      }}
    >
      {entries.map((entry) => (
        <button
          key={entry.name}
          type="button"
          role="menuitem"
          className="context-menu__item"
          aria-disabled={entry.disabled ? 'true' : undefined}
          tabIndex={-1}
          onClick={() => {
            if (entry.disabled) return;
            onClose();
            entry.perform();
          }}
        >
          {entry.name}
        </button>
      ))}
    </div>
  );
}
