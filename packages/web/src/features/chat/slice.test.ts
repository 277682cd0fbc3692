import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { sessionEnded } from '../../shared/lib/session';
import { messageFixture, pageOf } from '../../test/chat';
import { json, mockApi } from '../../test/mockApi';
import '../../app/chat';
import {
  addMessage,
  chatQueryString,
  chatReducer,
  clearEditingMessage,
  closeChat,
  deleteMessage,
  fetchMessages,
  initialChatState,
  openChat,
  resetChat,
  selectChat,
  setEditingMessage,
  updateMessage,
  uploadChatFile,
} from './slice';
import type { ChatState } from './types';

const room = { courseId: 'c-1', wave: '29' };
const anchored = (overrides: Partial<ChatState> = {}): ChatState => ({
  ...initialChatState,
  isChatVisible: true,
  courseTitle: 'Українська щодня',
  courseWave: '29',
  firstMessageDate: messageFixture(3).date,
  messages: pageOf(1, 3),
  ...overrides,
});
const ids = (state: ChatState) => state.messages.map((m) => m._id);

describe('chat slice (spec §3–4, docs/ARCHITECTURE.md)', () => {
  it('starts hidden and empty: exactly the fields of spec §3 (docs/ARCHITECTURE.md)', () => {
    expect(chatReducer(undefined, { type: '@@init' })).toEqual({
      isChatVisible: false,
      courseTitle: '',
      courseWave: '',
      messages: [],
      firstMessageDate: null,
      editingMessage: null,
      isLoading: false,
      error: null,
    });
  });

  it('open sets the title and wave and shows the chat; close hides it', () => {
    const open = chatReducer(initialChatState, openChat({ courseTitle: 'Українська щодня', courseWave: '29' }));
    expect(open).toEqual({
      ...initialChatState,
      isChatVisible: true,
      courseTitle: 'Українська щодня',
      courseWave: '29',
    });
    expect(chatReducer(open, closeChat())).toEqual({ ...open, isChatVisible: false });
  });

  it('a message while no first-message date is known only stores its date', () => {
    const state = chatReducer(initialChatState, addMessage(messageFixture(5)));
    expect(state.firstMessageDate).toBe(messageFixture(5).date);
    expect(state.messages).toEqual([]);
  });

  it('a message once the date is known goes to the front, once', () => {
    const state = chatReducer(anchored(), addMessage(messageFixture(4)));
    expect(ids(state)).toEqual(['m-4', 'm-3', 'm-2', 'm-1']);
    expect(state.firstMessageDate).toBe(messageFixture(3).date);
    expect(chatReducer(state, addMessage(messageFixture(4)))).toEqual(state);
  });

  it('updates a message by _id, in place', () => {
    const edited = messageFixture(2, { text: 'Виправлено', editedAt: Date.UTC(2026, 2, 4, 11) });
    const state = chatReducer(anchored(), updateMessage(edited));
    expect(ids(state)).toEqual(['m-3', 'm-2', 'm-1']);
    expect(state.messages[1]).toEqual(edited);
    expect(chatReducer(state, updateMessage(messageFixture(9)))).toEqual(state);
  });

  it('deletes a message by _id; the editing message goes with it', () => {
    const state = chatReducer(anchored({ editingMessage: messageFixture(2) }), deleteMessage('m-2'));
    expect(ids(state)).toEqual(['m-3', 'm-1']);
    expect(state.editingMessage).toBeNull();
    const other = chatReducer(anchored({ editingMessage: messageFixture(3) }), deleteMessage('m-1'));
    expect(other.editingMessage).toEqual(messageFixture(3));
  });

  it('sets and clears the editing message', () => {
    const editing = chatReducer(anchored(), setEditingMessage(messageFixture(3)));
    expect(editing.editingMessage).toEqual(messageFixture(3));
    expect(chatReducer(editing, clearEditingMessage()).editingMessage).toBeNull();
  });

  it('reset empties everything, and so does signing out', () => {
    expect(chatReducer(anchored({ error: 'x' }), resetChat())).toEqual(initialChatState);
    expect(chatReducer(anchored(), sessionEnded())).toEqual(initialChatState);
  });

  it('a loading action sets isLoading, then clears it; a failure keeps its message', () => {
    const arg = { ...room, page: 1, limit: 10 };
    const pending = chatReducer(anchored({ error: 'old' }), fetchMessages.pending('r', arg));
    expect(pending).toMatchObject({ isLoading: true, error: null });
    const failed = chatReducer(pending, fetchMessages.rejected(null, 'r', arg, 'Немає доступу'));
    expect(failed).toMatchObject({ isLoading: false, error: 'Немає доступу' });
    expect(ids(failed)).toEqual(['m-3', 'm-2', 'm-1']);

    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const uploading = chatReducer(initialChatState, uploadChatFile.pending('u', { file }));
    expect(uploading.isLoading).toBe(true);
    const done = chatReducer(
      uploading,
      uploadChatFile.fulfilled({ fileURL: '/api/files/1', fileType: 'image/png', fileName: 'a.png' }, 'u', { file }),
    );
    expect(done).toEqual(initialChatState);
    const refused = chatReducer(uploading, uploadChatFile.rejected(null, 'u', { file }, 'Файл завеликий'));
    expect(refused).toMatchObject({ isLoading: false, error: 'Файл завеликий' });
  });

  it('loaded messages are appended, skipping any already listed (pages may overlap)', () => {
    const anchor = messageFixture(3).date;
    const arg = { ...room, page: 2, limit: 3, firstMessageDate: anchor };
    const state = chatReducer(
      anchored({ isLoading: true, messages: pageOf(2, 3) }),
      fetchMessages.fulfilled({ messages: [messageFixture(2), messageFixture(1)] }, 'r', arg),
    );
    expect(ids(state)).toEqual(['m-3', 'm-2', 'm-1']);
    expect(state.isLoading).toBe(false);
  });

  it('a response carrying firstMessageDate sets that value instead of appending', () => {
    const arg = { ...room, page: 1, limit: 10 };
    const anchor = messageFixture(7).date;
    const state = chatReducer(
      initialChatState,
      fetchMessages.fulfilled({ messages: pageOf(1, 7), firstMessageDate: anchor }, 'r', arg),
    );
    expect(state.firstMessageDate).toBe(anchor);
    expect(state.messages).toEqual([]);
  });

  it('an empty room answers with a null date: none is known, the first live message brings it', () => {
    const arg = { ...room, page: 1, limit: 10 };
    const empty = chatReducer(
      initialChatState,
      fetchMessages.fulfilled({ messages: [], firstMessageDate: null }, 'r', arg),
    );
    expect(empty.firstMessageDate).toBeNull();
    const live = chatReducer(empty, addMessage(messageFixture(1)));
    expect(live.firstMessageDate).toBe(messageFixture(1).date);
    expect(live.messages).toEqual([]);
  });

  it('a newer date set by a live message while page 1 travelled stays (the message is not lost)', () => {
    const arg = { ...room, page: 1, limit: 10 };
    const live = chatReducer(initialChatState, addMessage(messageFixture(8)));
    const state = chatReducer(
      live,
      fetchMessages.fulfilled({ messages: pageOf(1, 7), firstMessageDate: messageFixture(7).date }, 'r', arg),
    );
    expect(state.firstMessageDate).toBe(messageFixture(8).date);
    const nulled = chatReducer(live, fetchMessages.fulfilled({ messages: [], firstMessageDate: null }, 'r', arg));
    expect(nulled.firstMessageDate).toBe(messageFixture(8).date);
  });

  it('a page of another anchor (asked before a reset) is not appended', () => {
    const arg = { ...room, page: 1, limit: 10, firstMessageDate: messageFixture(1).date };
    const state = chatReducer(anchored(), fetchMessages.fulfilled({ messages: [messageFixture(0)] }, 'r', arg));
    expect(ids(state)).toEqual(['m-3', 'm-2', 'm-1']);
  });
});

describe('chat calls (spec §5 and 7, docs/ARCHITECTURE.md)', () => {
  it('empty query values are dropped', () => {
    expect(chatQueryString({ courseId: 'c-1', wave: '29', page: 1, limit: 10, firstMessageDate: null })).toBe(
      'courseId=c-1&wave=29&page=1&limit=10',
    );
    expect(chatQueryString({ courseId: 'c-1', wave: '', firstMessageDate: 0 })).toBe('courseId=c-1&firstMessageDate=0');
  });

  it('fetchMessages GETs /api/chats with the query; the store takes the answer', async () => {
    const anchor = messageFixture(3).date;
    const fetchMock = mockApi({
      'GET /api/chats?courseId=c-1&wave=29&page=1&limit=10': () =>
        json({ messages: pageOf(1, 3), firstMessageDate: anchor }),
      [`GET /api/chats?courseId=c-1&wave=29&page=1&limit=10&firstMessageDate=${anchor}`]: () =>
        json({ messages: pageOf(1, 3) }),
    });
    const { store } = createAppStore();
    await store.dispatch(fetchMessages({ ...room, page: 1, limit: 10, firstMessageDate: undefined }));
    expect(selectChat(store.getState()).firstMessageDate).toBe(anchor);
    await store.dispatch(fetchMessages({ ...room, page: 1, limit: 10, firstMessageDate: anchor }));
    expect(ids(selectChat(store.getState()))).toEqual(['m-3', 'm-2', 'm-1']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('uploadChatFile posts the file as multipart field `file`; a refusal carries the server message', async () => {
    let sent: FormData | undefined;
    mockApi({
      'POST /api/chats/upload': (init) => {
        sent = init.body as FormData;
        return json({ fileURL: '/api/files/f-1?e=1&s=2', fileType: 'application/pdf', fileName: 'план.pdf' }, 201);
      },
    });
    const { store } = createAppStore();
    const file = new File(['%PDF'], 'план.pdf', { type: 'application/pdf' });
    const result = await store.dispatch(uploadChatFile({ file }));
    expect(result.payload).toEqual({
      fileURL: '/api/files/f-1?e=1&s=2',
      fileType: 'application/pdf',
      fileName: 'план.pdf',
    });
    expect((sent?.get('file') as File | null)?.name).toBe('план.pdf');

    mockApi({ 'POST /api/chats/upload': () => json({ message: 'Такі файли не приймаємо' }, 415) });
    const refused = await store.dispatch(uploadChatFile({ file }));
    expect(refused.payload).toBe('Такі файли не приймаємо');
    expect(selectChat(store.getState()).error).toBe('Такі файли не приймаємо');
  });
});
