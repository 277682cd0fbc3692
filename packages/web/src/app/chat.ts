import { chatReducer } from '../features/chat/slice';
import { injectReducers } from './store';

// Loaded with the chat panel (app/CourseChat.tsx): the chat slice joins the store here, so no
// screen carries it before the chat is opened. Injecting again is a no-op.
injectReducers({ chat: chatReducer });
