'use client';

import { type ReactNode } from 'react';
import { type LayoutToggle, layoutToggled } from '../store/layout-slice';
import { useAppDispatch, useAppSelector } from '../store';
import { Icon } from './icon';
import './button-bar.css';
import { earnBadge } from '../badges/badges';

// Reader mode is the editor hidden: its button is pressed when `showEditor` is off.
const BUTTONS: { toggle: LayoutToggle; label: string; icon: ReactNode; inverted?: boolean }[] = [
  { toggle: 'showNavigationBar', label: 'Toggle navigation bar', icon: '▔' },
  { toggle: 'showSidePreview', label: 'Toggle side preview', icon: '◧' },
  {
    toggle: 'showEditor',
    label: 'Toggle reader mode',
    icon: <Icon name="reader" />,
    inverted: true,
  },
  { toggle: 'focusMode', label: 'Toggle focus mode', icon: <Icon name="focus" /> },
  { toggle: 'scrollSync', label: 'Toggle scroll sync', icon: '⇅' },
  { toggle: 'showStatusBar', label: 'Toggle status bar', icon: '▁' },
];

/** The badge each toggle earns. */
const TOGGLE_BADGES: Partial<Record<LayoutToggle, string>> = {
  showNavigationBar: 'toggleNavigationBar',
  showSidePreview: 'toggleSidePreview',
  showEditor: 'toggleEditor',
  focusMode: 'toggleFocusMode',
  scrollSync: 'toggleScrollSync',
  showStatusBar: 'toggleStatusBar',
};

/** The button bar between editor and preview (spec interface §2): toggles for the navigation
 * bar, the side preview, reader mode (the preview alone), focus mode, scroll sync and the status
 * bar, and the pen button that returns to editing while the editor is hidden. */
export function ButtonBar() {
  const dispatch = useAppDispatch();
  const layout = useAppSelector((state) => state.layout);
  return (
    <div className="button-bar" role="toolbar" aria-label="Layout" aria-orientation="vertical">
      {BUTTONS.map(({ toggle, label, icon, inverted }) => (
        <button
          key={toggle}
          type="button"
          className="icon-button"
          aria-label={label}
          aria-pressed={inverted ? !layout[toggle] : layout[toggle]}
          title={label}
          onClick={() => {
            dispatch(layoutToggled(toggle));
            earnBadge(TOGGLE_BADGES[toggle] ?? '');
          }}
        >
          <span aria-hidden="true">{icon}</span>
        </button>
      ))}
      {!layout.showEditor && (
        <button
          type="button"
          className="icon-button"
          aria-label="Edit"
          title="Edit"
          onClick={() => dispatch(layoutToggled('showEditor'))}
        >
          <span aria-hidden="true">✎</span>
        </button>
      )}
    </div>
  );
}
