// Issue 30, "images": what every image bed (SM.MS, a custom bed, a public repository on a forge,
// the workspace itself) offers the editor, and the folder an uploaded image goes to.

import { type AbortFlag } from '../sync/sync-context.js';

/** An image to upload: its file name, its type and its bytes (base64, as the images store
 * keeps them). */
export interface ImageFile {
  name: string;
  mimeType: string;
  content: string;
}

/** What a path template's variables stand for (spec interface §5, "Workspace image path"):
 * {YYYY}, {MM}, {DD} from `date` (local time, as the writer reads the calendar), {MDNAME} the
 * current document's name. */
export interface ImagePathContext {
  documentName: string;
  date: Date;
}

/** Where an image went: the URL the markdown link points to, and the stored version's sha when
 * the bed is a git repository. */
export interface UploadedImage {
  url: string;
  sha?: string;
}

/** An image bed (spec providers §2, §4 "Image upload in the editor"): takes one image, answers
 * where it is, or rejects with an Error whose message is the spec's words for the failure.
 * `signal` (a browser's AbortSignal fits) says the upload is no longer wanted (going offline):
 * a bed checks it between its requests. */
export interface ImageBed {
  upload(file: ImageFile, context: ImagePathContext, signal?: AbortFlag): Promise<UploadedImage>;
}

/** The kinds of image storage (spec providers §3 "Image storage choice"): the workspace itself,
 * an account of an image host (`token`: SM.MS, a custom bed), or a repository of a forge
 * account (`tokenRepo`). */
export type ImageStorageType = 'workspace' | 'token' | 'tokenRepo';

/** The chosen image storage: its kind, the provider, the account (`sub`) and, for a repository
 * storage, the storage's id among the account's `imgStorages` (`sid`). */
export interface ImageStorageChoice {
  type: ImageStorageType;
  providerId: string;
  sub?: string;
  sid?: string;
}

/** Spec providers §7: an upload with no storage chosen. */
export const NO_IMAGE_BED = 'There is currently no selected image bed!';

/** Spec interface §5: the workspace image path's default. */
export const DEFAULT_WORKSPACE_IMAGE_PATH = '/imgs/{YYYY}-{MM}-{DD}';

/** Spec providers §2, §9: a repository image bed's default folder. */
export const DEFAULT_REPOSITORY_IMAGE_PATH = 'imgs/{YYYY}-{MM}-{DD}';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The folder a path template names for `context`: {YYYY}, {MM}, {DD} and {MDNAME} replaced,
 * every other character kept as the user wrote it (a leading `/`, `./` or `../` included: where
 * the folder is relative to is the caller's business). `{MDNAME}` takes the document's name
 * with the characters a path cannot hold (`/` and `\`) made `-`, so a name never adds a folder.
 */
export function expandImagePath(template: string, context: ImagePathContext): string {
  const { date } = context;
  const values: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: two(date.getMonth() + 1),
    DD: two(date.getDate()),
    MDNAME: context.documentName.replace(/[/\\]/g, '-'),
  };
  return template.replace(/\{(YYYY|MM|DD|MDNAME)\}/g, (_, name: string) => values[name] ?? '');
}
