'use client';

import { useEffect } from 'react';
import {
  afterResponsiveTime,
  CONFIRM_NOTIFICATION_TIMEOUT,
  NOTIFICATION_TIMEOUT,
  type Notifier,
} from '../services/notifier';
import { useAppSelector } from '../store';
import { type Notification } from '../store/notifications-slice';
import { useAppServices } from './app-context';
import './notifications.css';

/** Messages to the user; errors are announced at once by assistive technology. */
export function Notifications() {
  const notifications = useAppSelector((state) => state.notifications);
  const { notifier } = useAppServices();
  return (
    <div className="notifications">
      {notifications.map((n) => (
        <NotificationView key={n.id} notification={n} notifier={notifier} />
      ))}
    </div>
  );
}

/** One notification: closes after 5 s of the page being responsive (a question after 10 s,
 * answered No), or with its buttons. */
function NotificationView({
  notification: { id, type, content },
  notifier,
}: {
  notification: Notification;
  notifier: Notifier;
}) {
  useEffect(() => {
    const timeout = type === 'confirm' ? CONFIRM_NOTIFICATION_TIMEOUT : NOTIFICATION_TIMEOUT;
    return afterResponsiveTime(timeout, () => notifier.answer(id, false));
  }, [id, type, notifier]);

  return (
    <div
      className={`notification notification--${type}`}
      role={type === 'error' ? 'alert' : 'status'}
    >
      {type === 'badge' && (
        <span className="notification__badge" aria-hidden="true">
          ★
        </span>
      )}
      <span className="notification__content">{content}</span>
      {type === 'confirm' ? (
        <span className="notification__answers">
          <button type="button" className="button" onClick={() => notifier.answer(id, false)}>
            No
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => notifier.answer(id, true)}
          >
            Yes
          </button>
        </span>
      ) : (
        <button
          type="button"
          className="icon-button"
          aria-label="Dismiss"
          onClick={() => notifier.answer(id, false)}
        >
          ×
        </button>
      )}
    </div>
  );
}
