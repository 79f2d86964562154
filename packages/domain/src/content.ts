/**
 * Content (issue 17 §2, docs/content.md): the widgets the chain shows (landing banners, alerts, the cart's static
 * widget), when and to whom each shows, and the small markup their bodies and the info pages are written in.
 *
 * The markup is parsed here into a tree of a few node types; the web renders the tree into React elements (text
 * escaped by React), never into HTML. Anything the parser does not recognise stays text, so `<script>` or
 * `<img onerror=…>` typed by an admin is shown as those characters. A link is a link only when its target is
 * one of the app's own paths or an https address; any other target (`javascript:`, `data:`, `//evil`) leaves
 * the whole `[text](target)` as text.
 */
import { DELIVERY_TYPES, type DeliveryType } from './delivery-types.ts';

/** Where a widget shows: the landing's banners, the landing's alert strip, the cart's static widget. */
export const WIDGET_PLACEMENTS = ['LANDING', 'ALERT', 'CART'] as const;
export type WidgetPlacement = (typeof WIDGET_PLACEMENTS)[number];

/**
 * What a widget is and where it leads: SPEC §2's banner kinds (hygiene, edv, irctc, favourite, offers) and widget
 * actions (web_view, reward, edv, menu, deals), the World Pizza League promotion, and `none` for a widget that
 * leads nowhere (a plain notice).
 */
export const WIDGET_KINDS = [
  'hygiene',
  'edv',
  'irctc',
  'favourite',
  'offers',
  'web_view',
  'reward',
  'menu',
  'deals',
  'world_pizza_league',
  'none',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** The delivery types a widget may target: every SPEC §1 type. */
export const WIDGET_DELIVERY_TYPES: readonly DeliveryType[] = DELIVERY_TYPES;

// ---------------------------------------------------------------------------------------------------------------
// schedule and targeting

export interface Schedule {
  /** epoch ms; null: from the start */
  startsAt: number | null;
  /** epoch ms, exclusive; null: no end */
  endsAt: number | null;
  /** epoch ms; null: not retired */
  retiredAt: number | null;
}

/** live: shown now; scheduled: starts later; ended: its end has passed; retired: taken down by an admin. */
export type WidgetState = 'live' | 'scheduled' | 'ended' | 'retired';

/** A widget's state at `now`: retired wins, then the window [startsAt, endsAt). */
export function widgetState(s: Schedule, now: number): WidgetState {
  if (s.retiredAt !== null && s.retiredAt <= now) return 'retired';
  if (s.startsAt !== null && now < s.startsAt) return 'scheduled';
  if (s.endsAt !== null && now >= s.endsAt) return 'ended';
  return 'live';
}

export interface Targeted extends Schedule {
  deliveryTypes: readonly DeliveryType[];
  position: number;
}

/** Whether a customer ordering by `deliveryType` sees the widget at `now`. */
export function showsTo(w: Targeted, now: number, deliveryType: DeliveryType): boolean {
  return widgetState(w, now) === 'live' && w.deliveryTypes.includes(deliveryType);
}

/** The widgets a customer sees, in the chain's order (position, then id for a stable tie-break). */
export function visibleWidgets<W extends Targeted & { id: string }>(
  widgets: readonly W[],
  now: number,
  deliveryType: DeliveryType,
): W[] {
  return widgets
    .filter((w) => showsTo(w, now, deliveryType))
    .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The SPEC §7 CMS static cart widget's keys; null on a widget: any value. */
export interface StaticKeys {
  lang: string | null;
  platform: string | null;
  page: string | null;
  site: string | null;
}

const STATIC_KEYS = ['lang', 'platform', 'page', 'site'] as const;

/**
 * The static widget for (lang, platform, page, site, deliveryType): among the live widgets targeting the
 * delivery type whose every set key equals the one asked, the most specific (most keys set), then the first in
 * order. null when none matches.
 */
export function pickStaticWidget<W extends Targeted & StaticKeys & { id: string }>(
  widgets: readonly W[],
  now: number,
  ask: { [K in keyof StaticKeys]: string } & { deliveryType: DeliveryType },
): W | null {
  const matching = visibleWidgets(widgets, now, ask.deliveryType).filter((w) =>
    STATIC_KEYS.every((k) => w[k] === null || w[k].toLowerCase() === ask[k].toLowerCase()),
  );
  const specificity = (w: W) => STATIC_KEYS.filter((k) => w[k] !== null).length;
  let best: W | null = null;
  for (const w of matching) if (!best || specificity(w) > specificity(best)) best = w;
  return best;
}

/** Moves one entry of an ordered list of ids up or down by one; the list unchanged at either end. */
export function moveId(ids: readonly string[], id: string, direction: 'up' | 'down'): string[] {
  const at = ids.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

// ---------------------------------------------------------------------------------------------------------------
// the markup

/** Inline pieces: text, **bold**, *italic*, a [link](target) and a line break inside a paragraph. */
export type MarkupInline =
  | { t: 'text'; v: string }
  | { t: 'strong'; v: string }
  | { t: 'em'; v: string }
  | { t: 'link'; v: string; href: string }
  | { t: 'br' };

/** Blocks: a paragraph, or a bullet list (lines starting "- " or "* "). */
export type MarkupBlock = { t: 'p'; c: MarkupInline[] } | { t: 'ul'; items: MarkupInline[][] };

export type Markup = MarkupBlock[];

/** Longest body an admin may write. */
export const MARKUP_MAX_LENGTH = 4000;

/** One of the app's own paths: a single leading slash and URL characters only (no `//host`, no backslash). */
const APP_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+#]*$/;
/** An https address: a host name, an optional port and path, URL characters only. */
const HTTPS_URL =
  /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*(?::\d{1,5})?(?:[/?#][A-Za-z0-9\-._~/?=&%+#]*)?$/;

/** Whether a link may lead to `href`: one of the app's own paths, or an https address. */
export function isSafeHref(href: string): boolean {
  return APP_PATH.test(href) || HTTPS_URL.test(href);
}

/** Whether `href` is one of the app's own paths (a link inside the app) rather than an https address. */
export function isAppPath(href: string): boolean {
  return APP_PATH.test(href);
}

const INLINE =
  /\*\*([^*\n]+?)\*\*|\*([^*\s][^*\n]*?)\*|\[([^\]\n]{1,200})\]\(((?:[^()\s]|\([^()\s]*\)){1,500})\)/g;

function pushText(out: MarkupInline[], v: string): void {
  if (v === '') return;
  const last = out[out.length - 1];
  if (last?.t === 'text') out[out.length - 1] = { t: 'text', v: last.v + v };
  else out.push({ t: 'text', v });
}

function parseInline(line: string, out: MarkupInline[] = []): MarkupInline[] {
  let at = 0;
  for (const m of line.matchAll(INLINE)) {
    pushText(out, line.slice(at, m.index));
    const [whole, strong, em, label, href] = m;
    if (strong !== undefined) out.push({ t: 'strong', v: strong });
    else if (em !== undefined) out.push({ t: 'em', v: em });
    else if (label !== undefined && href !== undefined && isSafeHref(href))
      out.push({ t: 'link', v: label, href });
    // a link to anywhere else stays exactly as typed
    else pushText(out, whole);
    at = m.index + whole.length;
  }
  pushText(out, line.slice(at));
  return out;
}

const BULLET = /^\s*[-*]\s+(.*)$/;

/**
 * Parses the markup into blocks. Total: every input gives a tree, and every character that is not markup
 * syntax comes out as text. Blank lines separate paragraphs; lines of a paragraph are joined by line breaks.
 */
export function parseMarkup(source: string): Markup {
  const blocks: Markup = [];
  let para: MarkupInline[] | null = null;
  let list: MarkupInline[][] | null = null;
  const close = () => {
    if (para) blocks.push({ t: 'p', c: para });
    if (list) blocks.push({ t: 'ul', items: list });
    para = null;
    list = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      close();
      continue;
    }
    const bullet = BULLET.exec(raw);
    if (bullet) {
      if (para) close();
      list ??= [];
      list.push(parseInline(bullet[1]!.trim()));
      continue;
    }
    if (list) close();
    if (para) {
      para.push({ t: 'br' });
      parseInline(line, para);
    } else para = parseInline(line);
  }
  close();
  return blocks;
}

/** The text of a tree without its markup (a widget's summary, a screen reader's label). */
export function markupText(markup: Markup): string {
  const inline = (c: MarkupInline[]) => c.map((i) => (i.t === 'br' ? ' ' : i.v)).join('');
  return markup
    .map((b) => (b.t === 'p' ? inline(b.c) : b.items.map(inline).join(' ')))
    .join(' ')
    .trim();
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/**
 * Characters that reorder text on screen ("Trojan source") or hide it. The tag characters (U+E0000–U+E007F) draw
 * nothing yet carry a hidden ASCII text ("ASCII smuggling"); refused although a few flag emoji are spelt with them.
 */
const BIDI_OR_INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2028\u2029\ufeff\u{e0000}-\u{e007f}]/u;

export const MARKUP_PROBLEMS = {
  tooLong: `Keep it under ${MARKUP_MAX_LENGTH} characters.`,
  control: 'Remove the invisible control characters.',
  bidi: 'Remove the invisible characters that reorder or hide text.',
} as const;

/**
 * What refuses a text an admin typed (body, title or subtitle), or null. HTML, entities and unsafe link
 * targets are not refused: they are shown as text. Refused are what the eye cannot check on the preview:
 * control characters and the invisible characters that reorder or hide text.
 */
export function textProblem(text: string, max = MARKUP_MAX_LENGTH): string | null {
  if (text.length > max) return MARKUP_PROBLEMS.tooLong;
  if (CONTROL.test(text)) return MARKUP_PROBLEMS.control;
  if (BIDI_OR_INVISIBLE.test(text)) return MARKUP_PROBLEMS.bidi;
  return null;
}

/** Links in a body that stay text because their target is not allowed: for the editor to point out. */
export function refusedLinks(source: string): string[] {
  const refused: string[] = [];
  for (const m of source.matchAll(INLINE)) {
    const href = m[4];
    if (href !== undefined && !isSafeHref(href)) refused.push(href);
  }
  return refused;
}

/** An image from the app's own assets (apps/web/public): the menu's pictures and the app icon. */
export const OWN_ASSET = /^\/(?:menu-img|icons)\/[a-z0-9-]{1,40}\.(?:svg|png)$/;

/** Info page slugs: lower-case words joined by hyphens. */
export const INFO_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The info pages the app's own screens show (docs/content.md). */
export const INFO_PAGES = {
  /** /notification: the hygiene and safety notice */
  notification: 'notification',
  /** /worldPizzaLeague: the promotion */
  worldPizzaLeague: 'world-pizza-league',
} as const;
