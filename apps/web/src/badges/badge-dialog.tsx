'use client';

import { badgeCount, type Badge, toBadges } from '@inkstone/core';
import { useState } from 'react';
import { useAppSelector } from '../store';
import { Modal } from '../components/modal';
import { type DialogProps } from '../components/dialogs/dialog-props';
import './badge-dialog.css';

/** The Manage badges dialog (spec interface §2): the feature tree with each badge's earned
 * state; a group shows its badges with Show. */
export function BadgeManagementDialog({ reject }: DialogProps<'badgeManagement'>) {
  const creations = useAppSelector((state) => state.badges.creations);
  const badges = toBadges(creations);
  const { earned, total } = badgeCount(badges);
  return (
    <Modal title="Manage badges" onCancel={reject} cancelLabel="Close" wide>
      <p>
        {earned} of {total} badges earned. Each feature you use earns its badge; a group’s badge
        comes with all of its own.
      </p>
      <ul className="badges" aria-label="Badges">
        {badges.map((badge) => (
          <BadgeGroup key={badge.featureId} badge={badge} />
        ))}
      </ul>
    </Modal>
  );
}

function state(badge: Badge): string {
  return badge.isEarned ? 'earned' : 'not earned';
}

function BadgeGroup({ badge }: { badge: Badge }) {
  const [shown, setShown] = useState(false);
  const children = badge.children ?? [];
  const earnedChildren = children.filter((child) => child.isEarned).length;
  return (
    <li
      className={badge.isEarned ? 'badge badge--earned' : 'badge'}
      aria-label={`${badge.name}, ${state(badge)}`}
    >
      <span className="badge__mark" aria-hidden="true">
        {badge.isEarned ? '★' : badge.hasSomeEarned ? '☆' : '·'}
      </span>
      <span className="badge__name">{badge.name}</span>{' '}
      <span className="badge__description">
        {badge.description} ({earnedChildren}/{children.length})
      </span>{' '}
      <button
        type="button"
        className="button badge__toggle"
        aria-expanded={shown}
        aria-label={`${shown ? 'Hide' : 'Show'} the badges of ${badge.name}`}
        onClick={() => setShown(!shown)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
      {shown && (
        <ul className="badges badges--children" aria-label={`Badges of ${badge.name}`}>
          {children.map((child) => (
            <li
              key={child.featureId}
              className={child.isEarned ? 'badge badge--earned' : 'badge'}
              aria-label={`${child.name}, ${state(child)}`}
            >
              <span className="badge__mark" aria-hidden="true">
                {child.isEarned ? '★' : '·'}
              </span>
              <span className="badge__name">{child.name}</span>{' '}
              <span className="badge__description">{child.description}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
