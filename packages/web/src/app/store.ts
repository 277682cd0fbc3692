import { combineReducers, configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, persistReducer, persistStore, REGISTER, REHYDRATE } from 'redux-persist';
import { authReducer, refresh } from '../features/auth';
import type { ExercisesState } from '../features/homework';
import type { PartnersState } from '../features/support';
import { setTokenSource } from '../shared/api';
import { localStorageAdapter } from '../shared/lib/storage';
import type { LazyLoadedState } from './lazyState';

/** redux-persist gives up restoring after this long (spec §9: 5000 ms). */
const PERSIST_TIMEOUT_MS = 5_000;

const PERSIST_KEY = 'auth';
/** The localStorage item redux-persist keeps the token in (every tab of the browser shares it). */
export const PERSISTED_AUTH_ITEM = `persist:${PERSIST_KEY}`;

/** Only the token survives a reload: localStorage key `persist:auth`. */
const persistedAuthReducer = persistReducer(
  { key: PERSIST_KEY, storage: localStorageAdapter, whitelist: ['token'], timeout: PERSIST_TIMEOUT_MS },
  authReducer,
);

/** The slice every screen needs; the rest join with their screens (`injectReducers`). */
const staticReducers = {
  auth: persistedAuthReducer,
};

type LazyReducers = { [K in keyof LazyLoadedState]?: Reducer<LazyLoadedState[K]> } & {
  /** The count-only stand-in with the frame (`app/partners.ts`), the whole slice with the homework screens. */
  exercises?: Reducer<ExercisesState>;
  /** With the frame (`app/partners.ts`). */
  partners?: Reducer<PartnersState>;
};
type StaticState = ReturnType<ReturnType<typeof combineReducers<typeof staticReducers>>>;

/**
 * The frame's slices (the header's unread count and indicators) join with the signed-in frame
 * (app/partners.ts), before any screen that reads them renders; /login carries neither.
 */
interface FrameState {
  partners: PartnersState;
  exercises: ExercisesState;
}

/** Static slices, the frame's, and the lazily loaded ones once injected (absent before). */
export type RootState = StaticState & FrameState & Partial<LazyLoadedState>;

let combined = combineReducers(staticReducers) as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>;
const injected: LazyReducers = {};

/** One root reducer for every store; `injectReducers` extends what it combines. */
export function rootReducer(state: Partial<RootState> | undefined, action: UnknownAction): RootState {
  return combined(state, action);
}

/**
 * Adds the learning slices (course, lesson, diary) when their screens load (`app/learning.ts`),
 * the whole exercises slice with the homework screens (`app/homework.ts`), and the chat slice with
 * the chat panel (`app/chat.ts`), so /login does not carry them. The store made last is told at once
 * (an action of its own), so a slice's state is there before its screen renders. Injecting again
 * changes nothing.
 */
export function injectReducers(reducers: LazyReducers, { unlessThere = false } = {}): void {
  // `unlessThere`: a stand-in (the count-only exercises reducer) never replaces the whole slice.
  for (const [name, reducer] of Object.entries(reducers)) {
    if (!unlessThere || !(name in injected)) Object.assign(injected, { [name]: reducer });
  }
  combined = combineReducers({ ...staticReducers, ...injected }) as unknown as typeof combined;
  latest?.dispatch({ type: REDUCERS_INJECTED });
}

/** Dispatched when slices join, so their initial state is in the store at once. */
export const REDUCERS_INJECTED = 'app/reducersInjected';
/** The store made last (one per page; tests make one each): the one injected slices are announced to. */
let latest: { dispatch: (action: UnknownAction) => unknown } | undefined;

/** A store with its persistor; once the token is restored the session is refreshed, once. */
export function createAppStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  latest = store;
  setTokenSource(() => store.getState().auth.token);
  const persistor = persistStore(store, null, () => {
    store.dispatch(refresh());
  });
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];

/**
 * Resolves once the session is settled (auth.isRefreshing, spec §4, docs/ARCHITECTURE.md): restored, refused, or
 * known to be absent. Without a stored token that takes no request, only redux-persist's read of
 * localStorage; the prerendered login screen is hydrated then (main.tsx).
 */
export function whenSessionSettled(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    if (store.getState().auth.isRefreshing) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!store.getState().auth.isRefreshing) return;
      unsubscribe();
      resolve();
    });
  });
}
