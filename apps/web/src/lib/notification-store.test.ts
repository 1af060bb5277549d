import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationStore, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './notification-store';

describe('notification store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps at most one notification (spec §9)', () => {
    const store = createNotificationStore();
    store.add({ title: 'First' });
    store.add({ title: 'Second' });
    store.add({ title: 'Third' });
    expect(TOAST_LIMIT).toBe(1);
    expect(store.getSnapshot()).toHaveLength(1);
  });

  it('replaces the current notification with the new one', () => {
    const store = createNotificationStore();
    store.add({ title: 'Saved', variant: 'success' });
    const id = store.add({ title: 'Failed', description: 'Try again', variant: 'destructive' });
    expect(store.getSnapshot()).toEqual([
      { id, title: 'Failed', description: 'Try again', variant: 'destructive', open: true },
    ]);
  });

  it('dismiss closes the notification but keeps it until the removal delay has passed', () => {
    const store = createNotificationStore();
    const id = store.add({ title: 'Copied' });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id, open: false })]);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('dismiss without an id closes every notification', () => {
    const store = createNotificationStore({ limit: 3 });
    store.add({ title: 'One' });
    store.add({ title: 'Two' });
    store.dismiss();
    expect(store.getSnapshot().every((item) => !item.open)).toBe(true);
  });

  it('a replaced notification leaves no removal timer behind', () => {
    const store = createNotificationStore();
    const first = store.add({ title: 'First' });
    store.dismiss(first);
    const second = store.add({ title: 'Second' });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id: second, open: true })]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notifies subscribers and gives a stable snapshot between changes', () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);

    store.add({ title: 'Hello' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(before);

    unsubscribe();
    store.add({ title: 'Again' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('dismissing an already closed notification changes nothing', () => {
    const store = createNotificationStore();
    const id = store.add({ title: 'Once' });
    store.dismiss(id);
    const snapshot = store.getSnapshot();
    store.dismiss(id);
    expect(store.getSnapshot()).toBe(snapshot);
  });
});
