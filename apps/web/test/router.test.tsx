import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryHistory, hrefOf } from '../src/shared/router/history.ts';
import { bestMatch, matchPath } from '../src/shared/router/match.ts';
import { Router } from '../src/shared/router/Router.tsx';
import { Routes } from '../src/shared/router/Routes.tsx';
import { Link, Navigate } from '../src/shared/router/Link.tsx';
import { useParams, useLocation } from '../src/shared/router/context.ts';
import { useSearchParams } from '../src/shared/router/hooks.ts';

describe('matchPath', () => {
  it.each([
    ['/', '/', {}],
    ['/menu', '/menu', {}],
    ['/menu', '/Menu/', {}],
    ['/menu', '/menu/pizzas', null],
    ['/menu/:slug', '/menu/veg%20pizza', { slug: 'veg pizza' }],
    ['/menu/:slug', '/menu', null],
    ['/postorder-ui/offers', '/postorder-ui/offers', {}],
    ['*', '/anything/at/all', { '*': 'anything/at/all' }],
    ['/store/*', '/store/1001/orders', { '*': '1001/orders' }],
    ['/', '/menu', null],
  ])('%s against %s', (pattern, pathname, params) => {
    expect(matchPath(pattern, pathname)?.params ?? null).toEqual(params);
  });

  it('the most specific route wins, whatever the order', () => {
    const routes = [{ path: '*' }, { path: '/menu/:slug' }, { path: '/menu/offers' }, { path: '/menu' }];
    expect(bestMatch(routes, '/menu/offers')?.route.path).toBe('/menu/offers');
    expect(bestMatch(routes, '/menu/sides')?.route.path).toBe('/menu/:slug');
    expect(bestMatch(routes, '/menu')?.route.path).toBe('/menu');
    expect(bestMatch(routes, '/cart')?.route.path).toBe('*');
    expect(bestMatch(routes.slice(1), '/cart')).toBeNull();
  });
});

describe('hrefOf', () => {
  const here = { pathname: '/menu/pizzas', search: '?filter=VEG' };
  it.each([
    ['/cart', '/cart'],
    ['/cart?x=1#top', '/cart?x=1#top'],
    ['?q=1', '/menu/pizzas?q=1'],
    ['?', '/menu/pizzas'],
    ['sides', '/menu/sides'],
    ['../cart', '/cart'],
    ['/menu/./x/../y?a=1', '/menu/y?a=1'],
    ['?a=1#b', '/menu/pizzas?a=1#b'],
  ])('%s from /menu/pizzas?filter=VEG is %s', (to, href) => expect(hrefOf(to, here)).toBe(href));

  it('takes parts', () => {
    expect(hrefOf({ pathname: '/edv', search: 'a=1' }, here)).toBe('/edv?a=1');
    expect(hrefOf({ search: '?b=2' }, here)).toBe('/menu/pizzas?b=2');
  });
});

describe('the memory history', () => {
  it('pushes, replaces and goes back with state and keys', () => {
    const h = createMemoryHistory(['/']);
    const seen: string[] = [];
    h.listen((l) => seen.push(l.pathname + l.search));
    expect(h.location.key).toBe('default');
    h.push('/menu', { from: 'landing' });
    expect(h.location).toMatchObject({ pathname: '/menu', state: { from: 'landing' } });
    expect(h.location.key).not.toBe('default');
    h.replace('?q=pan');
    expect(h.location).toMatchObject({ pathname: '/menu', search: '?q=pan', state: null });
    h.go(-1);
    expect(h.location.pathname).toBe('/');
    h.go(-1); // nothing before the first entry
    expect(seen).toEqual(['/menu', '/menu?q=pan', '/']);
  });
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function Product() {
  const { slug } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>{slug}</h1>
      <p data-testid="size">{params.get('size') ?? 'none'}</p>
      <button type="button" onClick={() => setParams({ size: 'L' }, { replace: true })}>
        large
      </button>
      <Link to="/cart">cart</Link>
    </>
  );
}

function app(url: string) {
  const history = createMemoryHistory([url]);
  render(
    <Router history={history}>
      <Routes
        routes={[
          { path: '/menu/:slug', element: <Product /> },
          { path: '/old', element: <Navigate to="/menu/sides" replace /> },
          { path: '*', element: <h1>Elsewhere</h1> },
        ]}
      />
      <Where />
    </Router>,
  );
  return history;
}

describe('the router in a screen', () => {
  it('gives the params and the query; the setter and a link move the app', async () => {
    const h = app('/menu/pizzas');
    expect(screen.getByRole('heading').textContent).toBe('pizzas');
    expect(screen.getByTestId('size').textContent).toBe('none');
    await act(async () => fireEvent.click(screen.getByText('large')));
    expect(screen.getByTestId('size').textContent).toBe('L');
    expect(screen.getByTestId('where').textContent).toBe('/menu/pizzas?size=L');
    await act(async () => fireEvent.click(screen.getByText('cart')));
    expect(screen.getByRole('heading').textContent).toBe('Elsewhere');
    await act(async () => h.go(-1));
    expect(screen.getByRole('heading').textContent).toBe('pizzas');
  });

  it('a click with a modifier is left to the browser', async () => {
    app('/menu/pizzas');
    const link = screen.getByText('cart');
    expect(link.getAttribute('href')).toBe('/cart');
    // after the app has seen the click, the test stands in for the browser's new tab
    const browser = (e: Event) => e.preventDefault();
    document.addEventListener('click', browser);
    await act(async () => fireEvent.click(link, { ctrlKey: true }));
    document.removeEventListener('click', browser);
    expect(screen.getByTestId('where').textContent).toBe('/menu/pizzas');
  });

  it('a redirect replaces the entry it was rendered at', async () => {
    const h = app('/old');
    expect(await screen.findByText('sides')).toBeTruthy();
    expect(h.location.pathname).toBe('/menu/sides');
    h.go(-1);
    expect(h.location.pathname).toBe('/menu/sides');
  });
});

describe('a move nobody heard', () => {
  it('Back pressed between the first render and the subscription still reaches the screen', async () => {
    const inner = createMemoryHistory(['/cart', '/payGateway']);
    // the browser's popstate lands after the router read its first location and before it listened (a page
    // still starting when Back is pressed again): the move reaches no subscriber
    const history = {
      ...inner,
      get location() {
        return inner.location;
      },
      listen(listener: Parameters<typeof inner.listen>[0]) {
        inner.go(-1);
        return inner.listen(listener);
      },
    };
    render(
      <Router history={history}>
        <Where />
      </Router>,
    );
    await act(async () => {});
    expect(screen.getByTestId('where').textContent).toBe('/cart');
  });
});
