'use client';

import { useEffect, useRef, useState } from 'react';
import './context-menu.css';

/** One entry of a context menu (spec interface §3: a normal item with a name, maybe disabled,
 * or a separator). */
export type MenuEntry =
  | { type?: 'normal'; name: string; disabled?: boolean; perform: () => void }
  | { type: 'separator' };

/** After it opens, the menu moves to stay inside the window (spec interface §9: repositioned
 * after 1 ms, once its size is known). */
const REPOSITION_DELAY = 1;

/** A context menu (`role="menu"` named `label`) at (x, y): arrow keys move, Enter or click
 * performs, Escape, Tab or a click elsewhere closes. */
export function ContextMenu({
  label,
  x,
  y,
  entries,
  onClose,
}: {
  label: string;
  x: number;
  y: number;
  entries: MenuEntry[];
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });
  useEffect(() => {
    setPosition({ left: x, top: y });
    const timer = window.setTimeout(() => {
      const rect = menu.current?.getBoundingClientRect();
      if (!rect) return;
      setPosition({
        left: Math.max(0, Math.min(x, window.innerWidth - rect.width - 4)),
        top: Math.max(0, Math.min(y, window.innerHeight - rect.height - 4)),
      });
    }, REPOSITION_DELAY);
    return () => window.clearTimeout(timer);
  }, [x, y]);
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
      aria-label={label}
      className="context-menu"
      style={position}
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
      {entries.map((entry, index) =>
        entry.type === 'separator' ? (
          <div key={`separator-${index}`} role="separator" className="context-menu__separator" />
        ) : (
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
        ),
      )}
    </div>
  );
}
