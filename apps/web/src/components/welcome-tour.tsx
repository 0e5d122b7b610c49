'use client';

import { type CSSProperties, useEffect, useId, useLayoutEffect, useState } from 'react';
import { useAppDispatch } from '../store';
import { welcomeTourFinished } from '../store/layout-slice';
import { TOUR_STEPS } from '../welcome/tour-steps';
import { useAppServices } from './app-context';
import './welcome-tour.css';

const CARD_WIDTH = 320;
const MARGIN = 12;

/** The welcome tour (spec interface §2): a card that walks through the main parts of the page,
 * pointing at each. Skip, Escape or Ok on the last step finish it for good. It does not block
 * the page: the user can write while it shows. */
export function WelcomeTour() {
  const dispatch = useAppDispatch();
  const [index, setIndex] = useState(0);
  const step = TOUR_STEPS[index]!;
  const last = index === TOUR_STEPS.length - 1;
  const titleId = useId();
  const position = useTargetPosition(step.target);
  const { editor } = useAppServices();
  const finish = () => {
    dispatch(welcomeTourFinished());
    editor.current?.view.focus();
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[aria-modal="true"]')) finish();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <div
      className="tour"
      role="dialog"
      aria-modal="false"
      aria-label="Welcome tour"
      aria-describedby={titleId}
      style={position}
    >
      <p className="tour__progress" aria-hidden="true">
        {index + 1} / {TOUR_STEPS.length}
      </p>
      <h2 className="tour__title" id={titleId}>
        {step.title}
      </h2>
      <p className="tour__text">{step.text}</p>
      <div className="tour__buttons">
        {last ? (
          <button type="button" className="button button--primary" onClick={finish}>
            Ok
          </button>
        ) : (
          <>
            <button type="button" className="button" onClick={finish}>
              Skip
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setIndex(index + 1)}
            >
              Next
            </button>
          </>
        )}
      </div>
    </div>
  );
}

// Where the card goes: below the target (a button of the navigation bar), inside its top right
// corner for a large target (the editor), in the middle of the page without one.
function useTargetPosition(selector: string | undefined): CSSProperties {
  const [position, setPosition] = useState<CSSProperties>(CENTRED);
  useLayoutEffect(() => {
    const place = () => {
      const target = selector ? document.querySelector(selector) : null;
      document.querySelectorAll('.tour-target').forEach((e) => e.classList.remove('tour-target'));
      if (!target) return setPosition(CENTRED);
      target.classList.add('tour-target');
      const rect = target.getBoundingClientRect();
      const large = rect.height > 200;
      const top = large ? rect.top + MARGIN : rect.bottom + MARGIN;
      const wanted = large ? rect.right - CARD_WIDTH - MARGIN : rect.left;
      const left = Math.max(MARGIN, Math.min(wanted, window.innerWidth - CARD_WIDTH - MARGIN));
      setPosition({ top, left, width: CARD_WIDTH });
    };
    place();
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
      document.querySelectorAll('.tour-target').forEach((e) => e.classList.remove('tour-target'));
    };
  }, [selector]);
  return position;
}

const CENTRED: CSSProperties = {
  top: '30%',
  left: `calc(50% - ${CARD_WIDTH / 2}px)`,
  width: CARD_WIDTH,
};
