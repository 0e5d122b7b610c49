'use client';

import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { tabbable } from '../focusable';
import './tabs.css';

/** The ids that tie each tab to its panel (`aria-controls`, `aria-labelledby`). */
export interface TabIds {
  tab(id: string): string;
  panel(id: string): string;
}

/** Ids for one tab list and its panels, unique in the page. */
export function useTabIds(): TabIds {
  const base = useId();
  return {
    tab: (id) => `${base}tab-${id}`,
    panel: (id) => `${base}panel-${id}`,
  };
}

/** The tab a key moves to from `index` among `count` tabs (WAI-ARIA tabs pattern): the next or
 * previous one along the list's orientation, wrapping around, or the first or last with Home
 * and End; undefined for any other key. */
export function tabMove(
  key: string,
  index: number,
  count: number,
  orientation: 'horizontal' | 'vertical',
): number | undefined {
  const [back, forth] =
    orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
  if (key === forth) return (index + 1) % count;
  if (key === back) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * A tab list (WAI-ARIA tabs pattern): only the selected tab is in the Tab order (roving
 * tabindex); the arrow keys along the list (Left and Right, or Up and Down when vertical), Home
 * and End select another tab and move the focus to it, wrapping around at the ends. Selection
 * follows the focus (automatic activation): the panels are light and show at once. When
 * `onSelect` refuses a tab (the selection does not change), the focus stays where it is.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  ids,
  orientation = 'horizontal',
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  ids: TabIds;
  orientation?: 'horizontal' | 'vertical';
}) {
  const list = useRef<HTMLDivElement>(null);
  // A key asked for another tab: once rendered, the focus goes to the selected one (the one
  // asked for, or the same one when it was refused). A tab chosen otherwise moves no focus.
  const [keyPresses, setKeyPresses] = useState(0);
  const focusPending = useRef(false);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [keyPresses, selected]);

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = tabMove(event.key, index, tabs.length, orientation);
    if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    focusPending.current = true;
    setKeyPresses((count) => count + 1);
  };

  return (
    <div
      className="tabs"
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      ref={list}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          id={ids.tab(tab.id)}
          type="button"
          role="tab"
          className="tabs__tab"
          aria-selected={tab.id === selected}
          // (Only the selected tab's panel is in the page: no reference to a missing element.)
          aria-controls={tab.id === selected ? ids.panel(tab.id) : undefined}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the tab `tab`, named by it. It joins the Tab order itself only when nothing in
 * it can take the focus, so that the keyboard still reaches (and scrolls) what it shows. */
export function TabPanel({
  ids,
  tab,
  className,
  children,
}: {
  ids: TabIds;
  tab: string;
  className?: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const [focusable, setFocusable] = useState(false);
  // (Looked at again whenever what the panel shows may have changed.)
  useLayoutEffect(() => {
    setFocusable(panel.current !== null && tabbable(panel.current).length === 0);
  }, [tab, children]);
  return (
    <div
      ref={panel}
      id={ids.panel(tab)}
      role="tabpanel"
      aria-labelledby={ids.tab(tab)}
      className={className}
      tabIndex={focusable ? 0 : undefined}
    >
      {children}
    </div>
  );
}
