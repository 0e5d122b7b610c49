// The part of jsdom the tests use. jsdom ships no types and @types/jsdom is not worth a
// dependency for one constructor; only tsconfig.test.json includes this file.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
