'use client';

import { useEffect } from 'react';
import {
  SIZE_MEASUREMENT_DEBOUNCE,
  type Statistic,
  textStatistics,
  WordCounter,
} from '@inkstone/core';
import { countWordsInSlices } from '../services/word-count-slices';
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
    // Counted 500 ms after the last change; the words of paragraphs the change left alone are
    // not segmented again (word-count-slices.ts).
    const words = new WordCounter();
    let timer: number | undefined;
    let stopCounting = () => {};
    const unsubscribe = channel.subscribe((event) => {
      window.clearTimeout(timer);
      stopCounting();
      timer = window.setTimeout(() => {
        const text = event.getText();
        // The count is given to the statistics: the text is not read for words twice.
        stopCounting = countWordsInSlices(words, text, (count) =>
          dispatch(textStatsChanged(textStatistics(text, count))),
        );
      }, SIZE_MEASUREMENT_DEBOUNCE);
    });
    return () => {
      window.clearTimeout(timer);
      stopCounting();
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
