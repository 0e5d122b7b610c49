// Loaded when a revision is restored, not with the editor: the whole-word diff of the anchors
// brings diff-match-patch with it.
export { remapDiscussions } from '@inkstone/core';
