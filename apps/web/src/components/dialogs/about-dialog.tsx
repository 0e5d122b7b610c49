'use client';

import { APP_VERSION, copyrightYear } from '../../services/about';
import { Modal } from '../modal';
import { type DialogProps } from './dialog-props';
import './about-dialog.css';

/** Questions users ask first, answered in the about dialog. */
const FAQ: { question: string; answer: string }[] = [
  {
    question: 'Where are my files kept?',
    answer:
      'In this browser’s database, on this device. Nothing leaves it unless you synchronise or publish a file, or export it.',
  },
  {
    question: 'What if the browser clears its storage?',
    answer:
      'Files that are not synchronised anywhere would be lost. Keep a workspace backup (menu, Workspace backups) or synchronise the workspace.',
  },
  {
    question: 'Which markdown does the preview understand?',
    answer:
      'CommonMark and GitHub Flavored Markdown, with math, diagrams, footnotes and more: see the Markdown cheat sheet in the menu, and the file properties to choose a preset per file.',
  },
];

/** The about dialog (spec interface §2): version, FAQ, links, licence and privacy. */
export function AboutDialog({ reject }: DialogProps<'about'>) {
  return (
    <Modal title="About" onCancel={reject}>
      <div className="about">
        <p className="about__name">
          <span aria-hidden="true">✒</span> Inkstone
        </p>
        <p>
          Version <span className="about__version">{APP_VERSION}</span>
        </p>
        <p>A markdown editor that keeps your text in your browser and in sync with your places.</p>
        <h3>FAQ</h3>
        {FAQ.map(({ question, answer }) => (
          <details key={question}>
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
        <h3>Links</h3>
        <ul className="about__links">
          <li>
            <details>
              <summary>Licence</summary>
              <p>
                Inkstone is free software under the MIT licence: use, copy, change and share it,
                keeping the copyright notice. It comes without any warranty.
              </p>
            </details>
          </li>
          <li>
            <details>
              <summary>Privacy</summary>
              <p>
                Inkstone has no account of its own and no tracking. Your files and settings stay in
                this browser. When you connect a service (a git host, a cloud drive, a blog, a
                database), files go to that service only, and its access token stays in this
                browser.
              </p>
            </details>
          </li>
        </ul>
        <p className="about__copyright">© {copyrightYear()} Inkstone</p>
      </div>
    </Modal>
  );
}
