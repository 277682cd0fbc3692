import type { ChatHistory, ChatHistoryQuery, ChatMessage, FileFields } from '@yedyni/contract';

/** Spec sections 3 and 4, «Chat»: the open chat of one course wave. */
export interface ChatState {
  isChatVisible: boolean;
  courseTitle: string;
  /** The wave label ("29"). */
  courseWave: string;
  /** Newest first, as the server pages them; the panel shows them oldest at the top. */
  messages: ChatMessage[];
  /**
   * The anchor of the history: the newest message's date when the chat was opened. Null while it
   * is not known, and in an empty room (then the first live message supplies it).
   */
  firstMessageDate: number | null;
  /** The own message being edited in the composer. */
  editingMessage: ChatMessage | null;
  isLoading: boolean;
  error: string | null;
}

/** The part of the store this feature reads; absent until the chat slice is injected. */
export interface ChatRootState {
  chat?: ChatState;
}

/** Who looks at the chat: the app passes it in. */
export interface ChatViewer {
  _id: string;
  /** May delete anyone's message: the course's `canModerateChat` (server chat policy). */
  canModerateChat: boolean;
}

export interface ChatRoomRef {
  courseId: string;
  wave: string;
}

export type { ChatHistory, ChatHistoryQuery, ChatMessage, FileFields };
