// Files dragged from the system's file manager over the page: which drags bring them, and the
// app-wide refusal of those no drop target takes.

/** Whether a drag brings files from outside the page (the system's file manager): its types
 * include 'Files'. */
export function bringsFiles(dataTransfer: DataTransfer | null): boolean {
  return dataTransfer !== null && Array.from(dataTransfer.types).includes('Files');
}

// Whether the browser itself takes files dropped on `target`: a file input that is enabled (the
// Import/export panel's buttons are file inputs), which a drop fills as a choice would.
function isFileInput(target: EventTarget | null): boolean {
  const input = target as Partial<HTMLInputElement> | null;
  return input?.tagName === 'INPUT' && input.type === 'file' && input.disabled !== true;
}

/**
 * Refuses, on `target` (the window), every drag of files that no drop target of the page took
 * (whose `dragover` or `drop` was not prevented on its way up): the pointer shows that nothing
 * can be dropped there, and a drop does nothing. Without it the browser opens a file dropped on
 * the editor, the preview or any other part of the page in place of the app. A drop target
 * that takes files (the explorer's tree) prevents the default itself; an enabled file input
 * (Import markdown…) is left to the browser, which gives it the files. Returns the function
 * that removes the guard.
 */
export function refuseStrayFileDrops(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
): () => void {
  const refuse = (event: Event) => {
    const { dataTransfer } = event as DragEvent;
    if (event.defaultPrevented || !bringsFiles(dataTransfer) || isFileInput(event.target)) return;
    event.preventDefault();
    if (event.type === 'dragover') dataTransfer!.dropEffect = 'none';
  };
  target.addEventListener('dragover', refuse);
  target.addEventListener('drop', refuse);
  return () => {
    target.removeEventListener('dragover', refuse);
    target.removeEventListener('drop', refuse);
  };
}
