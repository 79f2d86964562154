import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryHistory } from '../src/shared/router/history.ts';
import { Router } from '../src/shared/router/Router.tsx';
import { useLocation } from '../src/shared/router/context.ts';
import { ScrollMemory } from '../src/app/ScrollMemory.tsx';

/** The page as tall as a long menu: scrolling moves `scrollY` and tells the listeners, as a browser does. */
let y = 0;
const scrollTo = vi.fn((_x: number, top: number) => {
  y = top;
  window.dispatchEvent(new Event('scroll'));
});

function customerScrolls(top: number) {
  y = top;
  window.dispatchEvent(new Event('scroll'));
}

const frames = () => act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));

function Remembering() {
  return <ScrollMemory location={useLocation()} />;
}

beforeEach(() => {
  sessionStorage.clear();
  y = 0;
  scrollTo.mockClear();
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => y);
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterEach(() => vi.restoreAllMocks());

describe('where the page was scrolled to', () => {
  it('a new screen starts at the top; Back returns to where the customer was', async () => {
    const history = createMemoryHistory(['/', '/menu']);
    render(
      <Router history={history}>
        <Remembering />
      </Router>,
    );
    customerScrolls(2222);
    await frames();
    await act(async () => history.push('/menu/pizza'));
    expect(y).toBe(0);
    customerScrolls(300);
    await frames();
    await act(async () => history.go(-1));
    expect(y).toBe(2222);
    await act(async () => history.go(1));
    expect(y).toBe(300);
  });

  it('a new query on the same screen stays where it is', async () => {
    const history = createMemoryHistory(['/', '/menu']);
    render(
      <Router history={history}>
        <Remembering />
      </Router>,
    );
    customerScrolls(900);
    await frames();
    scrollTo.mockClear();
    await act(async () => history.push('/menu?filter=VEG'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(y).toBe(900);
  });
});
