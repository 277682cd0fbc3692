// The little of jsdom the lesson sanitizer uses. @types/jsdom would bring the browser's DOM types
// into the whole server (its `lib="dom"` reference), where they shadow Node's own.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: import('dompurify').WindowLike;
  }
}
