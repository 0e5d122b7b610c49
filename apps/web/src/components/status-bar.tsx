'use client';

import { useEffect } from 'react';
import { SIZE_MEASUREMENT_DEBOUNCE, type Statistic, textStatistics } from '@inkstone/core';
import { useAppDispatch, useAppSelector } from '../store';
import { textStatsChanged } from '../store/preview-slice';
import { useAppServices } from './app-context';
import './status-bar.css';

/** The status bar (spec interface §3): statistics of the text and of the preview. */
export function StatusBar() {
  const { document: channel } = useAppServices();
  const dispatch = useAppDispatch();
  const textStats = useAppSelector((state) => state.preview.textStats);
  const previewStats = useAppSelector((state) => state.preview.previewStats);
  const previewShown = useAppSelector(
    (state) => state.layout.showSidePreview || !state.layout.showEditor,
  );

  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = channel.subscribe((event) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(
        () => dispatch(textStatsChanged(textStatistics(event.getText()))),
        SIZE_MEASUREMENT_DEBOUNCE,
      );
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [channel, dispatch]);

  return (
    <footer className="status-bar" aria-label="Status bar">
      <Stats label="Text statistics" stats={textStats} />
      {previewShown && <Stats label="Preview statistics" stats={previewStats} />}
    </footer>
  );
}

function Stats({ label, stats }: { label: string; stats: Statistic[] }) {
  return (
    <dl className="status-bar__stats" aria-label={label}>
      {stats.map((stat) => (
        <div key={stat.name} className="status-bar__stat">
          <dt>{stat.name}</dt>
          <dd>{stat.value.toLocaleString('en')}</dd>
        </div>
      ))}
    </dl>
  );
}
