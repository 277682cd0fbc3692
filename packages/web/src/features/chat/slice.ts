import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api, errorMessage, type UploadOptions, upload } from '../../shared/api';
import { addLoadingState } from '../../shared/lib/loading';
import { sessionEnded } from '../../shared/lib/session';
import type { ChatHistory, ChatMessage, ChatRootState, ChatState, FileFields } from './types';

// Spec section 4, «Chat»: open sets the title and wave and shows the chat, close hides it; a message
// is added at the front, or, while no first-message date is known, its date becomes that date; a
// message is updated and deleted by _id; the editing message is set and cleared; reset empties
// everything. Loaded messages are appended; a response carrying firstMessageDate sets it instead.
// Every loading action sets isLoading, then clears it; a failure keeps its message in `error`.

export const initialChatState: ChatState = {
  isChatVisible: false,
  courseTitle: '',
  courseWave: '',
  messages: [],
  firstMessageDate: null,
  editingMessage: null,
  isLoading: false,
  error: null,
};

/** GET /api/chats: a page of a wave's history, newest first. */
export interface ChatQuery {
  courseId: string;
  wave: string;
  page?: number;
  limit?: number;
  /** The anchor: only messages up to this date are paged, so pages stay put while new ones arrive. */
  firstMessageDate?: number | null;
}

/** Spec section 5: empty query values (absent, null, '') are dropped. */
export function chatQueryString(query: ChatQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(name, String(value));
  }
  return params.toString();
}

const createChatThunk = createAsyncThunk.withTypes<{ rejectValue: string }>();

/** Read: a page of messages; page 1 without an anchor answers with the anchor instead. */
export const fetchMessages = createChatThunk('chat/fetchMessages', async (query: ChatQuery, { rejectWithValue }) => {
  try {
    return await api.get<ChatHistory>(`/chats?${chatQueryString(query)}`);
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

/** Uploads a file for a message (multipart `file`); the answer's link then goes with `chat:send`. */
export const uploadChatFile = createChatThunk(
  'chat/uploadFile',
  async ({ file, upload: options }: { file: File; upload?: UploadOptions }, { rejectWithValue }) => {
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      return await upload<FileFields>('POST', '/chats/upload', body, options);
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    open(state, action: PayloadAction<{ courseTitle: string; courseWave: string }>) {
      state.courseTitle = action.payload.courseTitle;
      state.courseWave = action.payload.courseWave;
      state.isChatVisible = true;
    },
    close(state) {
      state.isChatVisible = false;
    },
    addMessage(state, { payload }: PayloadAction<ChatMessage>) {
      if (state.firstMessageDate === null) {
        // The history is not anchored yet (or the room was empty): this message becomes the
        // anchor, and the anchored page that follows brings it.
        state.firstMessageDate = payload.date;
        return;
      }
      // The same message may come twice (the sender's acknowledgement and the room's event).
      if (state.messages.some((m) => m._id === payload._id)) return;
      state.messages.unshift(payload);
    },
    updateMessage(state, { payload }: PayloadAction<ChatMessage>) {
      const index = state.messages.findIndex((m) => m._id === payload._id);
      if (index !== -1) state.messages[index] = payload;
    },
    /** A curator kept a hidden message: updated where it is listed, and put back where it is not. */
    showMessage(state, { payload }: PayloadAction<ChatMessage>) {
      const index = state.messages.findIndex((m) => m._id === payload._id);
      if (index !== -1) {
        state.messages[index] = payload;
        return;
      }
      // A message a curator kept comes back to those who lost it while hidden: placed by its date,
      // if it falls within what is loaded (older pages bring the rest).
      const oldest = state.messages.at(-1);
      if (!oldest || payload.date < oldest.date) return;
      const at = state.messages.findIndex((m) => m.date < payload.date);
      state.messages.splice(at === -1 ? state.messages.length : at, 0, payload);
    },
    /** Reports hid it: those who still see it (curators, its author) mark it; others drop it. */
    hideMessage(state, { payload }: PayloadAction<{ _id: string; viewerId: string; moderator: boolean }>) {
      const message = state.messages.find((m) => m._id === payload._id);
      if (payload.moderator || message?.sender._id === payload.viewerId) {
        if (message) message.hidden = true;
        return;
      }
      state.messages = state.messages.filter((m) => m._id !== payload._id);
    },
    deleteMessage(state, { payload }: PayloadAction<string>) {
      state.messages = state.messages.filter((m) => m._id !== payload);
      if (state.editingMessage?._id === payload) state.editingMessage = null;
    },
    setEditingMessage(state, { payload }: PayloadAction<ChatMessage>) {
      state.editingMessage = payload;
    },
    clearEditingMessage(state) {
      state.editingMessage = null;
    },
    reset: () => initialChatState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, () => initialChatState)
      .addCase(fetchMessages.fulfilled, (state, { payload, meta }) => {
        if (payload.firstMessageDate !== undefined) {
          // The anchor instead of messages. A live message that arrived while this page travelled
          // may have set a newer anchor already: that one stays, or the message would be lost.
          const anchor = payload.firstMessageDate;
          if (anchor !== null && (state.firstMessageDate === null || anchor > state.firstMessageDate)) {
            state.firstMessageDate = anchor;
          }
          return;
        }
        // A page of an older anchor (asked before a reset) no longer belongs to this list.
        const asked = meta.arg.firstMessageDate;
        if (asked !== undefined && asked !== null && asked !== state.firstMessageDate) return;
        // Pages may overlap at their border: a message already listed is not listed twice.
        const known = new Set(state.messages.map((m) => m._id));
        for (const message of payload.messages) {
          if (!known.has(message._id)) {
            known.add(message._id);
            state.messages.push(message);
          }
        }
      });
    addLoadingState(builder, [fetchMessages, uploadChatFile]);
  },
});

export const {
  open: openChat,
  close: closeChat,
  addMessage,
  updateMessage,
  deleteMessage,
  hideMessage,
  showMessage,
  setEditingMessage,
  clearEditingMessage,
  reset: resetChat,
} = chatSlice.actions;

export const chatReducer = chatSlice.reducer;

export const selectChat = (state: ChatRootState): ChatState => state.chat ?? initialChatState;
