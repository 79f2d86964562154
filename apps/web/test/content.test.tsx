import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { parseMarkup } from '@crust/domain/content';
import { Markup } from '../src/shared/content/Markup.tsx';
import NotificationScreen from '../src/features/content/NotificationScreen.tsx';
import InfoScreen from '../src/features/content/InfoScreen.tsx';
import WorldPizzaLeagueScreen from '../src/features/content/WorldPizzaLeagueScreen.tsx';
import { callsTo, currentPath, json, mockApi, renderRoutes } from './location-harness.tsx';
import { createMemoryRouter, RouterProvider } from './memory-router.tsx';

const ok = (data: unknown) => ({ status: 'SUCCESS', data });
const page = (slug: string, title: string, body: string) =>
  ok({ slug, title, body: parseMarkup(body), updatedAt: '2026-11-27T06:30:00.000Z' });
const gone = () =>
  json(
    { status: 'FAILED', errors: [{ code: 'PAGE_NOT_FOUND', displayMsg: "This page doesn't exist." }] },
    404,
  );

const SCREENS = {
  '/notification': NotificationScreen,
  '/info': InfoScreen,
  '/worldPizzaLeague': WorldPizzaLeagueScreen,
};

/** The markup rendered in a router, as a screen shows it. */
function renderMarkup(source: string) {
  const router = createMemoryRouter([{ path: '*', element: <Markup tree={parseMarkup(source)} /> }], {
    initialEntries: ['/'],
  });
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the safe markup renderer', () => {
  it('shows what an admin typed as text: script, image handlers, javascript: links, entities', () => {
    const source = [
      '<script>alert(1)</script>',
      '',
      '<img src=x onerror=alert(1)> [x](javascript:alert(1)) &lt;b&gt; &#106;',
      '',
      '[data](data:text/html,<b>hi</b>) [proto](//evil.example)',
    ].join('\n');
    const { container } = renderMarkup(source);
    expect(container.querySelector('script, img, iframe, svg, b')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(
      screen.getByText('<img src=x onerror=alert(1)> [x](javascript:alert(1)) &lt;b&gt; &#106;'),
    ).toBeTruthy();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('renders bold, italic, lists and links: app paths in the app, https in a new tab without the opener', () => {
    const { container } = renderMarkup(
      'A **bold** and *soft* start\n\n- one\n- [menu](/menu)\n\nSee [FSSAI](https://www.fssai.gov.in/)',
    );
    expect(container.querySelector('strong')!.textContent).toBe('bold');
    expect(container.querySelector('em')!.textContent).toBe('soft');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'menu' }).getAttribute('href')).toBe('/menu');
    const out = screen.getByRole('link', { name: 'FSSAI' });
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('does not trust the wire: a link node with an unsafe target comes out as text', () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: <Markup tree={[{ t: 'p', c: [{ t: 'link', v: 'x', href: 'javascript:alert(1)' }] }]} />,
        },
      ],
      { initialEntries: ['/'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText('[x](javascript:alert(1))')).toBeTruthy();
  });
});

describe('/notification', () => {
  it('shows the hygiene & safety notice', async () => {
    mockApi({
      '/api/v1/info/notification': page('notification', 'Hygiene & safety', 'We **wash** hands.'),
    });
    renderRoutes('/notification', SCREENS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hygiene & safety' })).toBeTruthy();
    expect((await screen.findByText('wash')).tagName).toBe('STRONG');
  });

  it("with ?widget=, shows that web_view widget's content, fetched through its content link", async () => {
    const api = mockApi({
      '/api/v1/widgets/kitchens': ok({
        id: 'kitchens',
        placement: 'LANDING',
        kind: 'web_view',
        title: 'Inside our kitchens',
        subtitle: '',
        image: null,
        links: [{ href: '/api/v1/widgets/kitchens', rel: 'content' }],
        body: parseMarkup('<img src=x onerror=alert(1)>'),
      }),
    });
    const { container } = renderRoutes('/notification?widget=kitchens', SCREENS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inside our kitchens' })).toBeTruthy();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('main img')).toBeNull();
    expect(callsTo(api, '/api/v1/info/notification')).toHaveLength(0);
  });

  it('a widget no longer live: a friendly not-found, with a way on', async () => {
    mockApi({ '/api/v1/widgets/old': () => gone() });
    const { router } = renderRoutes('/notification?widget=old', SCREENS);
    expect(await screen.findByText("This page doesn't exist, or is no longer available.")).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'See all information pages' }));
    expect(currentPath(router)).toBe('/info');
  });
});

describe('/info', () => {
  it('lists the pages, each opening as /info?page=<slug>', async () => {
    mockApi({
      '/api/v1/info': ok({
        pages: [
          { slug: 'about', title: 'About Crust', links: [{ href: '/api/v1/info/about', rel: 'content' }] },
          {
            slug: 'allergens',
            title: 'Allergens',
            links: [{ href: '/api/v1/info/allergens', rel: 'content' }],
          },
        ],
      }),
      '/api/v1/info/allergens': page('allergens', 'Allergens', 'Wheat, milk.'),
    });
    const { router } = renderRoutes('/info', SCREENS);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/info?page=about', '/info?page=allergens']);
    fireEvent.click(within(list).getByRole('link', { name: 'Allergens' }));
    expect(currentPath(router)).toBe('/info?page=allergens');
    expect(await screen.findByText('Wheat, milk.')).toBeTruthy();
  });

  it('an unknown page says so, not a blank screen', async () => {
    mockApi({ '/api/v1/info/nope': () => gone() });
    renderRoutes('/info?page=nope', SCREENS);
    expect(await screen.findByText("This page doesn't exist, or is no longer available.")).toBeTruthy();
  });

  it('a failed load offers a retry', async () => {
    let calls = 0;
    mockApi({
      '/api/v1/info/about': () =>
        ++calls === 1
          ? json(
              { status: 'FAILED', errors: [{ code: 'INTERNAL', displayMsg: 'Something Went Wrong.' }] },
              500,
            )
          : page('about', 'About Crust', 'We bake.'),
    });
    renderRoutes('/info?page=about', SCREENS);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('We bake.')).toBeTruthy();
  });
});

describe('/worldPizzaLeague', () => {
  it('shows the promotion from the server and leads to its menu category', async () => {
    mockApi({
      '/api/v1/info/world-pizza-league': page('world-pizza-league', 'World Pizza League', 'Four cities.'),
    });
    const { router } = renderRoutes('/worldPizzaLeague', SCREENS);
    expect(await screen.findByText('Four cities.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Order from the World Pizza League' }));
    expect(currentPath(router)).toBe('/menu/world-pizza-league');
  });
});
