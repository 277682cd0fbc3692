// The chat slice, for the store (injected with the chat panel, app/chat.ts). The panel itself
// loads lazily (features/chat/components/ChatPanel), so it is not re-exported here.
export { chatReducer, initialChatState, selectChat } from './slice';
export type { ChatRootState, ChatState, ChatViewer } from './types';
