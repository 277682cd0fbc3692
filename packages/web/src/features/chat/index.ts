// What the course screen needs of the chat before it opens: the button's label, and the state's
// shape for the store's types. The slice (slice.ts, injected by app/chat.ts) and the panel
// (components/ChatPanel) load lazily by path when the chat is first opened, so they are not
// re-exported here.
export { chatTexts } from './texts';
export type { ChatRootState, ChatState, ChatViewer } from './types';
