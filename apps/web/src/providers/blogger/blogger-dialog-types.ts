import { type BloggerKind } from '@inkstone/core';

/** What the Blogger dialog is opened with. */
export interface BloggerDialogProps {
  /** A post ("Publish to Blogger") or a page ("Publish to Blogger Page"). */
  kind: BloggerKind;
  /** The Blog URL to start with: the `bloggerBlogUrl` setting (the last one used). */
  blogUrl: string;
  templates: { id: string; name: string }[];
  /** The linked Google account that publishes; none: Ok links one (Google's window). */
  account?: { sub: string; name: string };
}
