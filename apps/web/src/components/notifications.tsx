'use client';

import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../store';
import { dismissed } from '../store/notifications-slice';

/** Notifications time out after 5 s (spec interface §9). */
const NOTIFICATION_TIMEOUT = 5000;

/** Messages to the user; errors are announced at once by assistive technology. */
export function Notifications() {
  const notifications = useAppSelector((state) => state.notifications);
  const dispatch = useAppDispatch();

  useEffect(() => {
    const timers = notifications.map((n) =>
      window.setTimeout(() => dispatch(dismissed(n.id)), NOTIFICATION_TIMEOUT),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [notifications, dispatch]);

  return (
    <div className="notifications">
      {notifications.map((n) => (
        <div
          key={n.id}
          className={`notification notification--${n.type}`}
          role={n.type === 'error' ? 'alert' : 'status'}
        >
          <span>{n.content}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => dispatch(dismissed(n.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
