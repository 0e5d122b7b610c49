/** Ids of a file's companion items (spec core §3): `{fileId}/content` and so on. */
export const itemIds = {
  content: (fileId: string) => `${fileId}/content`,
  contentState: (fileId: string) => `${fileId}/contentState`,
  syncedContent: (fileId: string) => `${fileId}/syncedContent`,
} as const;
