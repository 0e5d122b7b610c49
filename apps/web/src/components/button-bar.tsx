'use client';

import { type LayoutToggle, layoutToggled } from '../store/layout-slice';
import { useAppDispatch, useAppSelector } from '../store';

const BUTTONS: { toggle: LayoutToggle; label: string; icon: string }[] = [
  { toggle: 'showNavigationBar', label: 'Toggle navigation bar', icon: '▔' },
  { toggle: 'showSidePreview', label: 'Toggle side preview', icon: '◧' },
  { toggle: 'scrollSync', label: 'Toggle scroll sync', icon: '⇅' },
  { toggle: 'showStatusBar', label: 'Toggle status bar', icon: '▁' },
];

/** The button bar between editor and preview (spec interface §2). */
export function ButtonBar() {
  const dispatch = useAppDispatch();
  const layout = useAppSelector((state) => state.layout);
  return (
    <div className="button-bar" role="toolbar" aria-label="Layout" aria-orientation="vertical">
      {BUTTONS.map(({ toggle, label, icon }) => (
        <button
          key={toggle}
          type="button"
          className="icon-button"
          aria-label={label}
          aria-pressed={layout[toggle]}
          title={label}
          onClick={() => dispatch(layoutToggled(toggle))}
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
