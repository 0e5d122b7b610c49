// The CommonMark spec's examples as the commonmark-spec package extracts them from spec.txt
// (CommonJS, no types of its own). Tabs in `markdown` and `html` are written `→`, as in the spec.
declare module 'commonmark-spec' {
  export interface SpecExample {
    readonly markdown: string;
    readonly html: string;
    readonly section: string;
    readonly number: number;
  }
  export const tests: readonly SpecExample[];
  export const text: string;
}
