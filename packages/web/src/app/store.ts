import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { PERSIST_TIMEOUT_MS } from '@yedyni/contract';
import { FLUSH, PAUSE, PERSIST, PURGE, persistReducer, persistStore, REGISTER, REHYDRATE } from 'redux-persist';
import { authReducer, refresh } from '../features/auth';
import { exercisesReducer } from '../features/exercises';
import { partnersReducer } from '../features/partners';
import { setTokenSource } from '../shared/api';
import { localStorageAdapter } from '../shared/lib/storage';

/** Only the token survives a reload: localStorage key `persist:auth`. */
const persistedAuthReducer = persistReducer(
  { key: 'auth', storage: localStorageAdapter, whitelist: ['token'], timeout: PERSIST_TIMEOUT_MS },
  authReducer,
);

const rootReducer = combineReducers({
  auth: persistedAuthReducer,
  partners: partnersReducer,
  exercises: exercisesReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A store with its persistor; once the token is restored the session is refreshed, once. */
export function createAppStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } }),
  });
  setTokenSource(() => store.getState().auth.token);
  const persistor = persistStore(store, null, () => {
    store.dispatch(refresh());
  });
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];
