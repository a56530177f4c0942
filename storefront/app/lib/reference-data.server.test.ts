import { describe, expect, it } from 'vitest';
import { createReferenceCache, PUBLIC_DATA_TTL_MS } from './reference-data.server';

/** A loader that answers the CMS's current value and counts its calls. */
function cms(initial: string) {
  const state = { value: initial, calls: 0 };
  const load = async () => {
    state.calls += 1;
    return { title: state.value };
  };
  return { state, load };
}

describe('the reference-data cache', () => {
  it('answers from memory until the CMS purges, then shows the editor’s change', async () => {
    const cache = createReferenceCache();
    const { state, load } = cms('Sala');
    expect(await cache.get('/settings', load)).toEqual({ title: 'Sala' });
    state.value = 'ศาลา';
    expect(await cache.get('/settings', load)).toEqual({ title: 'Sala' });
    expect(state.calls).toBe(1);

    expect(cache.purge()).toBe(1);
    expect(await cache.get('/settings', load)).toEqual({ title: 'ศาลา' });
    expect(state.calls).toBe(2);
  });

  it('lets visitors who ask at the same time share one call', async () => {
    const cache = createReferenceCache();
    const { state, load } = cms('Sala');
    const answers = await Promise.all([cache.get('/settings', load), cache.get('/settings', load), cache.get('/settings', load)]);
    expect(answers.map((answer) => answer.title)).toEqual(['Sala', 'Sala', 'Sala']);
    expect(state.calls).toBe(1);
  });

  it('does not keep an answer whose call started before a purge', async () => {
    const cache = createReferenceCache();
    let release!: () => void;
    const slow = () => new Promise<{ title: string }>((resolve) => (release = () => resolve({ title: 'old' })));
    const inFlight = cache.get('/settings', slow);
    cache.purge();
    release();
    expect(await inFlight).toEqual({ title: 'old' });
    const { load } = cms('new');
    expect(await cache.get('/settings', load)).toEqual({ title: 'new' });
  });

  it('never keeps a failure', async () => {
    const cache = createReferenceCache();
    await expect(cache.get('/settings', () => Promise.reject(new Error('CMS down')))).rejects.toThrow('CMS down');
    const { load } = cms('Sala');
    expect(await cache.get('/settings', load)).toEqual({ title: 'Sala' });
  });

  it('asks again once an answer is older than its time to live', async () => {
    let now = 0;
    const cache = createReferenceCache({ ttlMs: 30_000, now: () => now });
    const { state, load } = cms('Sala');
    await cache.get('/settings', load);
    now = 29_999;
    await cache.get('/settings', load);
    expect(state.calls).toBe(1);
    state.value = 'ศาลา';
    now = 30_000;
    expect(await cache.get('/settings', load)).toEqual({ title: 'ศาลา' });
    expect(state.calls).toBe(2);
  });

  it('keeps answers per key, and shared answers cannot be changed by one page', async () => {
    const cache = createReferenceCache();
    const th = await cache.get('/texts?locale=th', async () => ({ nav_courses: 'คอร์สเรียน' }));
    const en = await cache.get('/texts?locale=en', async () => ({ nav_courses: 'Courses' }));
    expect([th.nav_courses, en.nav_courses]).toEqual(['คอร์สเรียน', 'Courses']);
    expect(() => {
      (th as Record<string, string>).nav_courses = 'changed';
    }).toThrow(TypeError);
  });

  it('asks the CMS every time when it is off', async () => {
    const cache = createReferenceCache({ enabled: false });
    const { state, load } = cms('Sala');
    await cache.get('/settings', load);
    await cache.get('/settings', load);
    expect(state.calls).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('shares a course’s seats read without a session for a few seconds only, well within the page cache’s fresh time', async () => {
    expect(PUBLIC_DATA_TTL_MS).toBeLessThanOrEqual(5_000);
    let now = 0;
    const cache = createReferenceCache({ ttlMs: PUBLIC_DATA_TTL_MS, now: () => now });
    const course = { seatsLeft: 5, calls: 0 };
    const load = async () => {
      course.calls += 1;
      return { seats_left: course.seatsLeft };
    };
    expect(await cache.get('/public/courses/6/0 th', load)).toEqual({ seats_left: 5 });
    course.seatsLeft = 4; // an order took a seat: no purge
    now = PUBLIC_DATA_TTL_MS - 1;
    expect(await cache.get('/public/courses/6/0 th', load)).toEqual({ seats_left: 5 });
    now = PUBLIC_DATA_TTL_MS;
    expect(await cache.get('/public/courses/6/0 th', load)).toEqual({ seats_left: 4 });
    expect(course.calls).toBe(2);
  });
});
