import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { createLiveStore, storeInPlace, storesSettled } from './live-store.ts';

const counter = createSlice({
  name: 'counter',
  initialState: { value: 0 },
  reducers: {
    add: (state, action: PayloadAction<number>) => {
      state.value += action.payload;
    },
  },
});
type State = { counter: { value: number } };
const realStore = () => configureStore({ reducer: { counter: counter.reducer } });

describe('createLiveStore', () => {
  it('reads the stand-in state and loads nothing until asked', () => {
    const load = vi.fn(async () => realStore());
    const live = createLiveStore<State>({ counter: { value: 7 } }, load);
    expect(live.getState()).toEqual({ counter: { value: 7 } });
    expect(load).not.toHaveBeenCalled();
  });

  it('hands over to the real store once loaded, and its subscribers hear it and what follows', async () => {
    const live = createLiveStore<State>({ counter: { value: 7 } }, async () => realStore());
    const listener = vi.fn();
    live.subscribe(listener);
    await live.real();
    expect(live.getState()).toEqual({ counter: { value: 0 } });
    expect(listener).toHaveBeenCalledTimes(1);
    live.dispatch(counter.actions.add(2));
    expect(live.getState().counter.value).toBe(2);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('loads once however often it is asked', async () => {
    const load = vi.fn(async () => realStore());
    const live = createLiveStore<State>({ counter: { value: 0 } }, load);
    await Promise.all([live.real(), live.real(), storeInPlace(live)]);
    await live.real();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a plain action dispatched before the load and dispatches it to the real store', async () => {
    const live = createLiveStore<State>({ counter: { value: 0 } }, async () => realStore());
    live.dispatch(counter.actions.add(5));
    await storesSettled();
    expect(live.getState().counter.value).toBe(5);
  });

  it('refuses a thunk before the load (its caller must load the store first)', () => {
    const live = createLiveStore<State>({ counter: { value: 0 } }, async () => realStore());
    expect(() => live.dispatch(() => undefined)).toThrow(/before the store was loaded/);
  });

  it('lets a page wait for a load in flight', async () => {
    let give: (store: ReturnType<typeof realStore>) => void = () => undefined;
    const live = createLiveStore<State>(
      { counter: { value: 9 } },
      () => new Promise((resolve) => (give = resolve)),
    );
    void live.real();
    const settled = storesSettled();
    expect(live.getState().counter.value).toBe(9);
    give(realStore());
    await settled;
    expect(live.getState().counter.value).toBe(0);
  });

  it('tries a failed load again at the next call', async () => {
    const load = vi
      .fn<() => Promise<ReturnType<typeof realStore>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(realStore());
    const live = createLiveStore<State>({ counter: { value: 3 } }, load);
    await expect(live.real()).rejects.toThrow('offline');
    await storesSettled();
    await live.real();
    expect(live.getState().counter.value).toBe(0);
  });

  it('leaves a real store as it is', async () => {
    await expect(storeInPlace(realStore())).resolves.toBeUndefined();
  });
});
