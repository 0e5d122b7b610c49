import './splash.css';

/** Shown until the workspace is open (spec interface §2: a splash screen until the app is ready). */
export function Splash({ message = 'Opening your workspace…' }: { message?: string }) {
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash__logo" aria-hidden="true">
        ✒
      </div>
      <p>{message}</p>
    </div>
  );
}
