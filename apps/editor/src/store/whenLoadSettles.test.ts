import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { whenLoadSettles } from './whenLoadSettles';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('whenLoadSettles', () => {
  it('calls back at once when nothing is loading', () => {
    const store = createStore(() => ({ loading: false }));
    const callback = vi.fn();
    whenLoadSettles(store, 500, callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back once, when the load settles before the wait is over', () => {
    const store = createStore(() => ({ loading: true }));
    const callback = vi.fn();
    whenLoadSettles(store, 500, callback);
    vi.advanceTimersByTime(499);
    expect(callback).not.toHaveBeenCalled();
    store.setState({ loading: false });
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    store.setState({ loading: true });
    store.setState({ loading: false });
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back once when the wait is over first, and not again when the load settles', () => {
    const store = createStore(() => ({ loading: true }));
    const callback = vi.fn();
    whenLoadSettles(store, 500, callback);
    vi.advanceTimersByTime(500);
    expect(callback).toHaveBeenCalledTimes(1);
    store.setState({ loading: false });
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
