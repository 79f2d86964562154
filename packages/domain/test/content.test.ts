import { describe, expect, it } from 'vitest';
import {
  isSafeHref,
  markupText,
  moveId,
  parseMarkup,
  pickStaticWidget,
  refusedLinks,
  showsTo,
  textProblem,
  visibleWidgets,
  widgetState,
  MARKUP_PROBLEMS,
  OWN_ASSET,
  type Markup,
  type StaticKeys,
  type Targeted,
} from '../src/content.ts';

const MIN = 60_000;
const START = Date.UTC(2026, 10, 27, 4, 30); // 27 Nov 2026, 10:00 IST
const END = START + 7 * 24 * 60 * MIN;

describe('widgetState: the schedule [startsAt, endsAt) and retiring', () => {
  const w = (over: Partial<Parameters<typeof widgetState>[0]> = {}) => ({
    startsAt: START,
    endsAt: END,
    retiredAt: null,
    ...over,
  });
  it.each<[string, Parameters<typeof widgetState>[0], number, string]>([
    ['a minute before the start', w(), START - MIN, 'scheduled'],
    ['a millisecond before the start', w(), START - 1, 'scheduled'],
    ['at the start', w(), START, 'live'],
    ['a minute after the start', w(), START + MIN, 'live'],
    ['a minute before the end', w(), END - MIN, 'live'],
    ['at the end (exclusive)', w(), END, 'ended'],
    ['a minute after the end', w(), END + MIN, 'ended'],
    ['no start: live from the beginning', w({ startsAt: null }), 0, 'live'],
    ['no end: live for ever', w({ endsAt: null }), END * 10, 'live'],
    ['retired before now', w({ retiredAt: START + MIN }), START + 2 * MIN, 'retired'],
    ['retired wins over scheduled', w({ retiredAt: START - 2 * MIN }), START - MIN, 'retired'],
    ['retired later than now: still live', w({ retiredAt: START + 5 * MIN }), START + MIN, 'live'],
  ])('%s', (_, schedule, now, state) => {
    expect(widgetState(schedule, now)).toBe(state);
  });
});

const widget = (id: string, over: Partial<Targeted & StaticKeys> = {}) => ({
  id,
  startsAt: null,
  endsAt: null,
  retiredAt: null,
  deliveryTypes: ['D', 'P'] as Targeted['deliveryTypes'],
  position: 0,
  lang: null,
  platform: null,
  page: null,
  site: null,
  ...over,
});

describe('showsTo and visibleWidgets: targeting and order', () => {
  it.each<[string, Targeted, string, boolean]>([
    ['a targeted type', widget('a'), 'D', true],
    ['another targeted type', widget('a'), 'P', true],
    ['a type not targeted', widget('a'), 'CURB', false],
    ['a train order, not targeted', widget('a'), 'IRCTC', false],
    ['targeted, but scheduled', widget('a', { startsAt: START + MIN }), 'D', false],
    ['targeted, but retired', widget('a', { retiredAt: START - MIN }), 'D', false],
  ])('%s', (_, w, type, shown) => {
    expect(showsTo(w, START, type as 'D')).toBe(shown);
  });

  it('keeps the chain order (position, then id), leaving out what is not shown', () => {
    const list = [
      widget('c', { position: 2 }),
      widget('b', { position: 1 }),
      widget('a', { position: 2 }),
      widget('x', { position: 0, deliveryTypes: ['CURB'] }),
      widget('y', { position: 0, endsAt: START }),
    ];
    expect(visibleWidgets(list, START, 'D').map((w) => w.id)).toEqual(['b', 'a', 'c']);
    expect(visibleWidgets(list, START, 'CURB').map((w) => w.id)).toEqual(['x']);
  });
});

describe('pickStaticWidget: the CMS static cart widget', () => {
  const ask = { lang: 'en', platform: 'PWA', page: 'cart', site: 'crust', deliveryType: 'D' as const };
  it.each<[string, ReturnType<typeof widget>[], string | null]>([
    ['a widget with no keys matches anything', [widget('any')], 'any'],
    ['the most specific match wins', [widget('any'), widget('en', { lang: 'en', page: 'cart' })], 'en'],
    ['keys compare without case', [widget('pwa', { platform: 'pwa' })], 'pwa'],
    ['a different language does not match', [widget('hi', { lang: 'hi' })], null],
    ['a different page does not match', [widget('checkout', { page: 'checkout' })], null],
    ['a different site does not match', [widget('other', { site: 'other' })], null],
    ['a delivery type not targeted does not match', [widget('p', { deliveryTypes: ['P'] })], null],
    ['a retired one does not match', [widget('r', { retiredAt: 0 })], null],
    [
      'equally specific: the first in order',
      [widget('second', { position: 2, lang: 'en' }), widget('first', { position: 1, page: 'cart' })],
      'first',
    ],
    ['nothing at all', [], null],
  ])('%s', (_, list, expected) => {
    expect(pickStaticWidget(list, START, ask)?.id ?? null).toBe(expected);
  });
});

describe('moveId', () => {
  it.each<[string, 'up' | 'down', string[]]>([
    ['b', 'up', ['b', 'a', 'c']],
    ['b', 'down', ['a', 'c', 'b']],
    ['a', 'up', ['a', 'b', 'c']],
    ['c', 'down', ['a', 'b', 'c']],
    ['z', 'up', ['a', 'b', 'c']],
  ])('%s %s', (id, direction, expected) => {
    expect(moveId(['a', 'b', 'c'], id, direction)).toEqual(expected);
  });
});

describe('isSafeHref: links only to the app or https', () => {
  it.each<[string, boolean]>([
    ['/menu/world-pizza-league', true],
    ['/info/about', true],
    ['/edv?itemId=3', true],
    ['https://www.fssai.gov.in/', true],
    ['https://example.com:8443/a?b=c#d', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['http://example.com', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://evil.example"onmouseover="alert(1)', false],
    ['https://', false],
    ['menu', false],
    ['mailto:a@b.c', false],
    ['', false],
  ])('%s → %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });
});

describe('parseMarkup: a tiny markup, and everything else text', () => {
  it.each<[string, string, Markup]>([
    ['plain text', 'Hello', [{ t: 'p', c: [{ t: 'text', v: 'Hello' }] }]],
    [
      'bold and italic',
      'A **bold** and *soft* word',
      [
        {
          t: 'p',
          c: [
            { t: 'text', v: 'A ' },
            { t: 'strong', v: 'bold' },
            { t: 'text', v: ' and ' },
            { t: 'em', v: 'soft' },
            { t: 'text', v: ' word' },
          ],
        },
      ],
    ],
    [
      'paragraphs and line breaks',
      'one\ntwo\n\nthree',
      [
        { t: 'p', c: [{ t: 'text', v: 'one' }, { t: 'br' }, { t: 'text', v: 'two' }] },
        { t: 'p', c: [{ t: 'text', v: 'three' }] },
      ],
    ],
    [
      'a bullet list after a paragraph',
      'We:\n- wash hands\n* check **temperatures**',
      [
        { t: 'p', c: [{ t: 'text', v: 'We:' }] },
        {
          t: 'ul',
          items: [
            [{ t: 'text', v: 'wash hands' }],
            [
              { t: 'text', v: 'check ' },
              { t: 'strong', v: 'temperatures' },
            ],
          ],
        },
      ],
    ],
    [
      'an app link and an https link',
      '[Menu](/menu) or [FSSAI](https://www.fssai.gov.in/)',
      [
        {
          t: 'p',
          c: [
            { t: 'link', v: 'Menu', href: '/menu' },
            { t: 'text', v: ' or ' },
            { t: 'link', v: 'FSSAI', href: 'https://www.fssai.gov.in/' },
          ],
        },
      ],
    ],
    [
      'a script tag is text',
      '<script>alert(1)</script>',
      [{ t: 'p', c: [{ t: 'text', v: '<script>alert(1)</script>' }] }],
    ],
    [
      'an image with onerror is text',
      '<img src=x onerror=alert(1)>',
      [{ t: 'p', c: [{ t: 'text', v: '<img src=x onerror=alert(1)>' }] }],
    ],
    [
      'a javascript: link stays as typed',
      'click [x](javascript:alert(1))',
      [{ t: 'p', c: [{ t: 'text', v: 'click [x](javascript:alert(1))' }] }],
    ],
    [
      'a data: link stays as typed',
      '[x](data:text/html,hi)',
      [{ t: 'p', c: [{ t: 'text', v: '[x](data:text/html,hi)' }] }],
    ],
    [
      'HTML entities are not decoded',
      '&lt;b&gt; &amp; &#106;avascript',
      [{ t: 'p', c: [{ t: 'text', v: '&lt;b&gt; &amp; &#106;avascript' }] }],
    ],
    [
      'markup inside a link label is the label text',
      '[**x**](/menu)',
      [{ t: 'p', c: [{ t: 'link', v: '**x**', href: '/menu' }] }],
    ],
    ['an unclosed star is text', '5 * 3 = **15', [{ t: 'p', c: [{ t: 'text', v: '5 * 3 = **15' }] }]],
    [
      'CRLF line ends',
      'a\r\n\r\nb',
      [
        { t: 'p', c: [{ t: 'text', v: 'a' }] },
        { t: 'p', c: [{ t: 'text', v: 'b' }] },
      ],
    ],
    ['nothing', '  \n\n ', []],
  ])('%s', (_, source, tree) => {
    expect(parseMarkup(source)).toEqual(tree);
  });

  it('never loses a character that is not markup syntax', () => {
    const nasty = '<a href="javascript:alert(1)">x</a> <svg onload=alert(1)> &quot;';
    expect(markupText(parseMarkup(nasty))).toBe(nasty);
  });
});

describe('textProblem: what the server refuses', () => {
  it.each<[string, string, string | null]>([
    ['ordinary text', 'Fresh & hot <3', null],
    ['HTML is shown, not refused', '<script>alert(1)</script>', null],
    ['a NUL', 'a\u0000b', MARKUP_PROBLEMS.control],
    ['an escape character', 'a\u001bb', MARKUP_PROBLEMS.control],
    ['a right-to-left override', 'txt.\u202egpj', MARKUP_PROBLEMS.bidi],
    ['a zero-width space', 'pay\u200bment', MARKUP_PROBLEMS.bidi],
    ['a tag character hiding a text', 'Offer\u{e0049}\u{e0047}\u{e004e}', MARKUP_PROBLEMS.bidi],
    ['the first tag character', 'a\u{e0000}b', MARKUP_PROBLEMS.bidi],
    ['the cancel tag, the last', 'a\u{e007f}b', MARKUP_PROBLEMS.bidi],
    ['a tag character alone', '\u{e0020}', MARKUP_PROBLEMS.bidi],
    ['just past the tag block', 'a\u{e0080}b', null],
    ['an emoji', 'Hot \u{1f355} deals', null],
    ['too long', 'x'.repeat(4001), MARKUP_PROBLEMS.tooLong],
    ['newlines and tabs are fine', 'a\n\tb\r\n', null],
  ])('%s', (_, text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });

  it('names the links that stay text', () => {
    expect(refusedLinks('[a](/menu) [b](javascript:alert(1)) [c](http://x.y)')).toEqual([
      'javascript:alert(1)',
      'http://x.y',
    ]);
  });
});

describe('OWN_ASSET: images from the app itself', () => {
  it.each<[string, boolean]>([
    ['/menu-img/piz5101.svg', true],
    ['/icons/icon.svg', true],
    ['https://cdn.example/x.png', false],
    ['/menu-img/../secret.svg', false],
    ['javascript:alert(1)', false],
    ['/menu-img/x.svg?onerror=1', false],
  ])('%s', (src, ok) => {
    expect(OWN_ASSET.test(src)).toBe(ok);
  });
});
