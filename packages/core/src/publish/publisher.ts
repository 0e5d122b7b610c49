import { type LocationItem } from '../items/types.js';

/** A publish location (spec providers §3): where a file is published and through which
 * template, with the provider's own fields. */
export interface PublishLocation extends LocationItem {
  type: 'publishLocation';
  templateId: string;
  /** The hash of what was last published there: the next publish skips an unchanged one. */
  publishedHash?: string;
  /** A link to what was published, when the provider gives one (a gist's page). */
  url?: string;
}

/** What a template made of a file, ready to be uploaded. */
export interface PublishedDocument {
  /** The file's name (or its `title` property), for titles and gist descriptions. */
  title: string;
  /** The template's output. */
  content: string;
  /** The file's properties (YAML), for publishers that read its metadata (a blog post's
   * title, tags, date and status). */
  properties?: string;
}

/** What a publisher asks the engine to keep on the location after an upload (a gist id the
 * first upload created, the published page's URL). */
export type PublisherUpdate = Readonly<Record<string, unknown>>;

/**
 * One kind of publish location (a repository file, a gist; later a blog post, a drive file):
 * the port the publish engine calls. It does not render and does not decide whether to
 * publish: it uploads what it is given.
 */
export interface Publisher {
  /** A git provider: the engine asks a commit message before it publishes (spec core §4). */
  readonly commits?: boolean;
  /** What the engine compares with the last publish to skip an unchanged one; default the
   * hash of the content. A publisher that also sends metadata hashes that too. */
  hashOf?(document: PublishedDocument): string;
  /** Uploads `document` to `location`; resolves with the fields to keep on the location. */
  publish(
    location: PublishLocation,
    document: PublishedDocument,
    commitMessage: string | undefined,
  ): Promise<PublisherUpdate | void>;
}
