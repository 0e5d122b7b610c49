import { type DiagramKind } from './constants';

/** What a drawing library makes of one diagram's source. */
export interface EngineDrawing {
  /** One or more `<svg>` elements, as markup. Not sanitised yet: the renderer does that. */
  readonly svg: string;
  /** The diagram's own title, if its author gave one, for its accessible name. */
  readonly title?: string;
  /** Problems the library reported but drew around (abc warnings), as plain text. */
  readonly notes?: readonly string[];
}

/** Draws one kind of diagram on the page's main thread (the libraries measure text, which
 * needs layout). `draw` rejects with an `Error` whose message the user is shown, in place of
 * the diagram, when the source cannot be drawn. */
export interface DiagramEngine {
  draw(source: string): Promise<EngineDrawing>;
}

/** Loads the engine of each kind; called the first time a placeholder of that kind appears,
 * so a document without diagrams fetches no drawing library. */
export type EngineLoaders = Readonly<Record<DiagramKind, () => Promise<DiagramEngine>>>;
