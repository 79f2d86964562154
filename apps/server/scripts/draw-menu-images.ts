/**
 * Draws one small, self-contained SVG per menu product into apps/web/public/menu-img/<code>.svg,
 * plus placeholder.svg. Deterministic: the same data always gives the same files.
 *
 *   npx tsx apps/server/scripts/draw-menu-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTS, TOPPINGS } from '../src/db/seed/data/menu.ts';
import type { SeedProduct } from '../src/db/seed/types.ts';

const OUT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/public/menu-img');

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r0 = (n: number): number => Math.round(n);

function svg(body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------------------------------------
// Pizzas

/** Topping shapes, drawn centred on 0,0; each becomes a <symbol>-like <g id> in <defs>. */
const TOPPING_SHAPES: Record<number, string> = {
  1: '<circle r="5" fill="none" stroke="#8e3b8e" stroke-width="2"/>', // onion: purple ring
  2: '<rect x="-3.5" y="-3.5" width="7" height="7" rx="1" fill="#3a9a3a"/>', // capsicum: green square
  3: '<circle r="5.5" fill="#e0412f"/><circle r="2.5" fill="#f37a5e"/>', // tomato: red circle
  4: '<path d="M-5 1a5 5 0 0 1 10 0z" fill="#c9b49a"/><rect x="-1.5" y="1" width="3" height="3" fill="#e6d7c3"/>', // mushroom
  5: '<circle r="2.5" fill="#ffd21f" stroke="#e0a800"/>', // golden corn: yellow dot
  6: '<circle r="3.5" fill="none" stroke="#222" stroke-width="2.2"/>', // black olive: black ring
  7: '<circle r="4" fill="#9ccf5a" stroke="#4f8f25" stroke-width="1.6"/>', // jalapeno: green ring
  8: '<rect x="-4" y="-4" width="8" height="8" fill="#fff6dc" stroke="#e2cf9c"/>', // paneer: cream cube
  9: '<rect x="-5" y="-1.5" width="10" height="3" rx="1" fill="#d6261f"/>', // red paprika: red strip
  10: '<ellipse rx="6" ry="2.5" fill="#f4cf5a" stroke="#d9a933"/>', // baby corn
  11: '<circle r="2.6" fill="none" stroke="#2f8a2f" stroke-width="1.6"/>', // green chilli: small ring
  12: '<ellipse rx="6" ry="3" fill="#2e6b2e"/>', // spinach leaf
  21: '<rect x="-4.5" y="-3.5" width="9" height="7" rx="2" fill="#8b4a26"/>', // bbq chicken
  22: '<rect x="-4.5" y="-3.5" width="9" height="7" rx="2" fill="#c2521d"/>', // peri-peri chicken
  23: '<rect x="-4" y="-4" width="8" height="8" rx="2" fill="#c8642a" stroke="#9c3f14"/>', // chicken tikka
  24: '<rect x="-6" y="-2" width="12" height="4" rx="1.5" fill="#a86a3d"/>', // grilled chicken rasher
  25: '<circle r="4.5" fill="#9c3d2a" stroke="#6e2417"/>', // chicken sausage
  26: '<circle r="2" fill="#6e3b1f"/><circle cx="3" cy="2" r="1.6" fill="#6e3b1f"/>', // chicken keema
  27: '<circle r="6" fill="#b2271f"/><circle cx="-2" cy="-1" r="1" fill="#7c1711"/>', // chicken pepperoni
  51: '<circle r="4" fill="#fff3b0"/>', // extra cheese
};
const FALLBACK_TOPPING = '<circle r="3" fill="#7a5"/>';

const CRUST_COLOURS: Record<number, string> = {
  1: '#d9a25f', // new hand tossed
  2: '#b98a52', // wheat thin
  3: '#e8b65f', // cheese burst
  4: '#c98b3e', // fresh pan
  5: '#e0b070', // classic hand tossed (Pizza Mania)
};

function pizzaSvg(product: SeedProduct): string {
  const rand = mulberry32(hash(product.code));
  const crustId = product.variants[0]?.crustId ?? 1;
  const crust = CRUST_COLOURS[crustId] ?? '#d9a25f';
  const mania = product.productType === 'PIZZA_MANIA';
  const outer = mania ? 58 : 70;
  const ids = product.defaultToppingIds.filter((id) => TOPPINGS.some((t) => t.id === id));

  const defs = ids.map((id) => `<g id="t${id}">${TOPPING_SHAPES[id] ?? FALLBACK_TOPPING}</g>`).join('');
  let body =
    `<circle cx="80" cy="82" r="${outer}" fill="#000" opacity=".12"/>` +
    `<circle cx="80" cy="80" r="${outer}" fill="${crust}"/>` +
    `<circle cx="80" cy="80" r="${outer - 8}" fill="#c8402a"/>` +
    `<circle cx="80" cy="80" r="${outer - 11}" fill="#f7d774"/>`;

  // a few cheese blisters
  for (let i = 0; i < 5; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand()) * (outer - 20);
    body += `<circle cx="${r0(80 + Math.cos(a) * d)}" cy="${r0(80 + Math.sin(a) * d)}" r="${r0(3 + rand() * 4)}" fill="#fbe7a1"/>`;
  }
  // slice cuts
  body += `<path d="M80 ${80 - outer + 8}V${80 + outer - 8}M${80 - outer + 8} 80H${80 + outer - 8}" stroke="#e9c35a" stroke-width="1"/>`;

  if (ids.length === 0) {
    // plain cheese pizzas get a few basil leaves
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2 + rand();
      const d = 18 + rand() * (outer - 38);
      body += `<ellipse cx="${r0(80 + Math.cos(a) * d)}" cy="${r0(80 + Math.sin(a) * d)}" rx="6" ry="3" fill="#3f8f3f" transform="rotate(${r0(rand() * 180)} ${r0(80 + Math.cos(a) * d)} ${r0(80 + Math.sin(a) * d)})"/>`;
    }
  } else {
    const per = Math.max(3, Math.min(8, Math.floor(20 / ids.length)));
    const placed: Array<[number, number]> = [];
    const maxD = outer - 17;
    for (const id of ids) {
      for (let i = 0; i < per; i++) {
        let x = 80;
        let y = 80;
        for (let attempt = 0; attempt < 25; attempt++) {
          const a = rand() * Math.PI * 2;
          const d = Math.sqrt(rand()) * maxD;
          x = 80 + Math.cos(a) * d;
          y = 80 + Math.sin(a) * d;
          if (placed.every(([px, py]) => (px - x) ** 2 + (py - y) ** 2 > 144)) break;
        }
        placed.push([x, y]);
        body += `<use href="#t${id}" transform="translate(${r0(x)} ${r0(y)}) rotate(${r0(rand() * 180)}) scale(1.25)"/>`;
      }
    }
  }
  return svg(body, defs);
}

// ---------------------------------------------------------------------------------------------
// Everything else

const BACKDROP = '<circle cx="80" cy="80" r="74" fill="#fdf1e2"/>';
const SHADOW = (w: number, y = 128): string =>
  `<ellipse cx="80" cy="${y}" rx="${w}" ry="7" fill="#000" opacity=".12"/>`;

function herbs(rand: () => number, x0: number, y0: number, w: number, h: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) {
    s += `<circle cx="${r0(x0 + rand() * w)}" cy="${r0(y0 + rand() * h)}" r="1.2" fill="#3d7a2a"/>`;
  }
  return s;
}

function breadsticks(rand: () => number, stuffed: boolean, filling: string): string {
  let s = BACKDROP + SHADOW(56);
  if (stuffed) {
    s += `<rect x="26" y="52" width="108" height="66" rx="30" fill="#d99a4e"/>`;
    s += `<rect x="32" y="56" width="96" height="56" rx="26" fill="#e9b870"/>`;
    for (let i = 0; i < 5; i++) {
      const x = 42 + i * 19;
      s += `<path d="M${x} 60l6 48" stroke="${filling}" stroke-width="5" stroke-linecap="round"/>`;
    }
    s += herbs(rand, 36, 60, 88, 48, 12);
  } else {
    for (let i = 0; i < 6; i++) {
      const y = 46 + i * 13;
      s += `<rect x="28" y="${y}" width="104" height="11" rx="5.5" fill="${i % 2 ? '#e4ad62' : '#d99a4e'}"/>`;
    }
    s += herbs(rand, 32, 46, 96, 76, 16);
  }
  return svg(s);
}

function fries(rand: () => number): string {
  let s = BACKDROP + SHADOW(34, 134);
  for (let i = 0; i < 9; i++) {
    const x = 52 + i * 6.5;
    const top = 30 + rand() * 16;
    s += `<rect x="${r0(x)}" y="${r0(top)}" width="6" height="60" rx="2" fill="#f6c945" stroke="#e0a62a" transform="rotate(${r0(rand() * 16 - 8)} ${r0(x)} 80)"/>`;
  }
  s += `<path d="M46 70h68l-8 62H54z" fill="#d32f2f"/><path d="M62 92a18 18 0 0 0 36 0" fill="none" stroke="#fff" stroke-width="4"/>`;
  return svg(s);
}

function taco(nonVeg: boolean): string {
  const filling = nonVeg ? '#9c4a22' : '#e9a13b';
  return svg(
    BACKDROP +
      SHADOW(54) +
      `<path d="M24 112a56 56 0 0 1 112 0z" fill="#f0c15a" stroke="#cf9630" stroke-width="3"/>` +
      `<path d="M36 108a44 44 0 0 1 88 0" fill="none" stroke="${filling}" stroke-width="10"/>` +
      `<path d="M40 98q10-8 20 0t20 0t20 0t20 0" fill="none" stroke="#4caf50" stroke-width="5"/>` +
      `<path d="M44 90q8-6 16 0t16 0t16 0t16 0" fill="none" stroke="#fff4d0" stroke-width="3"/>`,
  );
}

function dip(colour: string): string {
  return svg(
    BACKDROP +
      SHADOW(40) +
      `<path d="M42 74h76l-6 50H48z" fill="#f5f5f5" stroke="#ddd" stroke-width="2"/>` +
      `<ellipse cx="80" cy="74" rx="38" ry="10" fill="${colour}"/>` +
      `<ellipse cx="72" cy="72" rx="12" ry="3" fill="#fff" opacity=".5"/>`,
  );
}

function shots(rand: () => number): string {
  let s = BACKDROP + SHADOW(52) + `<path d="M28 88h104a52 40 0 0 1-104 0z" fill="#2b6cb0"/>`;
  for (let i = 0; i < 8; i++) {
    const x = 42 + (i % 4) * 25 + rand() * 4;
    const y = i < 4 ? 82 : 68;
    s += `<circle cx="${r0(x + (i < 4 ? 0 : 12))}" cy="${y}" r="11" fill="#e6a743" stroke="#c27f22"/>`;
  }
  return svg(s);
}

function block(): string {
  return svg(
    BACKDROP +
      SHADOW(50) +
      `<path d="M34 70l50-22 44 18v46l-50 14-44-16z" fill="#f8e08e"/>` +
      `<path d="M34 70l44 18 50-22M78 88v38" fill="none" stroke="#e2c25c" stroke-width="2"/>` +
      `<circle cx="100" cy="96" r="4" fill="#ecd070"/><circle cx="58" cy="100" r="5" fill="#ecd070"/>`,
  );
}

function loaf(rand: () => number): string {
  return svg(
    BACKDROP +
      SHADOW(54) +
      `<path d="M28 120V78a52 34 0 0 1 104 0v42z" fill="#b97a3c"/>` +
      `<path d="M36 118V80a44 28 0 0 1 88 0v38z" fill="#e2b274"/>` +
      herbs(rand, 40, 74, 80, 40, 10),
  );
}

function spicePack(): string {
  return svg(
    BACKDROP +
      SHADOW(44) +
      `<rect x="38" y="40" width="44" height="84" rx="4" fill="#3f8f3f"/><rect x="46" y="64" width="28" height="30" rx="3" fill="#9bd18b"/>` +
      `<rect x="80" y="48" width="44" height="78" rx="4" fill="#c62828"/><rect x="88" y="70" width="28" height="28" rx="3" fill="#ff8a65"/>`,
  );
}

function drink(product: SeedProduct): string {
  const name = product.name.toLowerCase();
  const colour = name.includes('pepsi black')
    ? '#111'
    : name.includes('pepsi')
      ? '#1e4fa3'
      : name.includes('7up')
        ? '#2e9e44'
        : name.includes('mirinda')
          ? '#f57c00'
          : name.includes('dew')
            ? '#7cb342'
            : name.includes('tea')
              ? '#c77d1e'
              : '#4fc3f7';
  if (name.includes('can')) {
    return svg(
      BACKDROP +
        SHADOW(30, 134) +
        `<rect x="52" y="30" width="56" height="102" rx="8" fill="${colour}"/>` +
        `<rect x="56" y="26" width="48" height="8" rx="3" fill="#bbb"/>` +
        `<circle cx="80" cy="82" r="16" fill="#fff"/><path d="M64 82a16 16 0 0 0 32 0" fill="#e53935"/><path d="M64 80q16 10 32 0" fill="none" stroke="#1e4fa3" stroke-width="3"/>`,
    );
  }
  if (name.includes('tea')) {
    return svg(
      BACKDROP +
        SHADOW(30, 134) +
        `<path d="M52 40h56l-6 92H58z" fill="#fff" stroke="#ddd" stroke-width="2"/>` +
        `<path d="M55 64h50l-4 66H59z" fill="${colour}"/><rect x="76" y="18" width="6" height="40" rx="2" fill="#fbc02d" transform="rotate(10 79 38)"/>` +
        `<circle cx="72" cy="84" r="7" fill="#fff59d" stroke="#f9a825" stroke-width="2"/>`,
    );
  }
  return svg(
    BACKDROP +
      SHADOW(26, 136) +
      `<rect x="72" y="18" width="16" height="10" rx="2" fill="${colour}"/>` +
      `<path d="M74 28h12v12q14 8 14 24v62q0 8-8 8H68q-8 0-8-8V64q0-16 14-24z" fill="${colour}" opacity=".85"/>` +
      `<rect x="60" y="74" width="40" height="28" fill="#fff"/><circle cx="80" cy="88" r="9" fill="${colour}"/>` +
      `<path d="M66 50q4-4 6 0v70" fill="none" stroke="#fff" stroke-width="3" opacity=".4"/>`,
  );
}

function dessert(product: SeedProduct): string {
  const name = product.name.toLowerCase();
  if (name.includes('brownie')) {
    return svg(
      BACKDROP +
        SHADOW(50) +
        `<path d="M36 80l44-16 44 16v30l-44 16-44-16z" fill="#4e2a16"/><path d="M36 80l44 16 44-16-44-16z" fill="#6d3b1f"/>` +
        `<path d="M52 78q12 10 28 2t30-2" fill="none" stroke="#2b140a" stroke-width="5"/>`,
    );
  }
  const cake = name.includes('red velvet')
    ? '#a3202f'
    : name.includes('butterscotch')
      ? '#d9a45b'
      : '#5a2e17';
  const centre = name.includes('red velvet')
    ? '#fff3e0'
    : name.includes('butterscotch')
      ? '#f1c27d'
      : '#3b1b0c';
  return svg(
    BACKDROP +
      `<ellipse cx="80" cy="118" rx="62" ry="14" fill="#fff" stroke="#e5dccf" stroke-width="2"/>` +
      `<path d="M44 72v40q36 14 72 0V72z" fill="${cake}"/>` +
      `<ellipse cx="80" cy="72" rx="36" ry="12" fill="${cake}" stroke="#000" stroke-opacity=".15"/>` +
      `<ellipse cx="80" cy="72" rx="14" ry="5" fill="${centre}"/>` +
      `<path d="M72 74q-4 16 2 30q6-14 10-30" fill="${centre}"/>` +
      `<circle cx="60" cy="62" r="2" fill="#fff" opacity=".6"/><circle cx="98" cy="64" r="1.6" fill="#fff" opacity=".6"/>`,
  );
}

function chicken(rand: () => number, product: SeedProduct): string {
  const name = product.name.toLowerCase();
  const sauce = name.includes('peri')
    ? '#c2371b'
    : name.includes('pepper')
      ? '#6b4a2b'
      : name.includes('hot')
        ? '#b3261e'
        : '#c8862a';
  let s = BACKDROP + SHADOW(56, 130);
  for (let i = 0; i < 7; i++) {
    const x = 46 + (i % 4) * 22 + rand() * 6;
    const y = 64 + Math.floor(i / 4) * 14 + rand() * 6;
    if (name.includes('meatball')) {
      s += `<circle cx="${r0(x)}" cy="${r0(y)}" r="10" fill="${sauce}" stroke="#5a1f10"/>`;
    } else if (name.includes('strip')) {
      s += `<rect x="${r0(x - 12)}" y="${r0(y - 4)}" width="26" height="9" rx="4" fill="#d8a24a" stroke="#a86f22" transform="rotate(${r0(rand() * 60 - 30)} ${r0(x)} ${r0(y)})"/>`;
    } else {
      s += `<path d="M${r0(x - 10)} ${r0(y)}q4-10 14-6t6 10q-4 8-14 6z" fill="${sauce}" stroke="#5a1f10"/>`;
    }
  }
  s += `<path d="M26 84h108a54 40 0 0 1-108 0z" fill="#fafafa" stroke="#e0e0e0" stroke-width="2"/>`;
  s += `<path d="M46 102h68" stroke="#e53935" stroke-width="4"/>`;
  return svg(s);
}

function pasta(rand: () => number, product: SeedProduct): string {
  const sauce = product.name.toLowerCase().includes('tomato') ? '#d84a2b' : '#f3e2b3';
  let s = BACKDROP + SHADOW(56, 130) + `<ellipse cx="80" cy="82" rx="52" ry="18" fill="${sauce}"/>`;
  for (let i = 0; i < 12; i++) {
    const x = 40 + rand() * 80;
    const y = 70 + rand() * 20;
    s += `<rect x="${r0(x - 6)}" y="${r0(y - 2.5)}" width="12" height="5" rx="1" fill="#f1c453" stroke="#d39b25" transform="rotate(${r0(rand() * 180)} ${r0(x)} ${r0(y)})"/>`;
  }
  s += herbs(rand, 44, 72, 72, 16, 8);
  s += `<path d="M26 84h108a54 40 0 0 1-108 0z" fill="#fff" stroke="#e0e0e0" stroke-width="2"/>`;
  return svg(s);
}

function combo(product: SeedProduct): string {
  const nonVeg = product.foodType === 'NON_VEG';
  const band = nonVeg ? '#b71c1c' : '#1b7a35';
  return svg(
    BACKDROP +
      SHADOW(62, 134) +
      `<path d="M22 70l46-16 46 16v52l-46 16-46-16z" fill="#1e4fa3"/>` +
      `<path d="M22 70l46 16 46-16-46-16z" fill="#2f6cd0"/><path d="M68 86v52" stroke="#163b7a" stroke-width="2"/>` +
      `<path d="M30 96l30 10v10l-30-10z" fill="${band}"/>` +
      `<ellipse cx="68" cy="70" rx="16" ry="6" fill="#fff"/><circle cx="62" cy="70" r="2.4" fill="#e53935"/><circle cx="74" cy="70" r="2.4" fill="#e53935"/>` +
      `<path d="M118 60h24l-4 70h-16z" fill="#e53935"/><rect x="116" y="54" width="28" height="8" rx="2" fill="#fff"/>` +
      `<rect x="131" y="34" width="4" height="24" fill="#fff" transform="rotate(12 133 46)"/>`,
  );
}

function sideSvg(product: SeedProduct): string {
  const rand = mulberry32(hash(product.code));
  const name = product.name.toLowerCase();
  if (name.includes('fries')) return fries(rand);
  if (name.includes('taco')) return taco(product.foodType === 'NON_VEG');
  if (name.includes('cheesy dip')) return dip('#f6c945');
  if (name.includes('dip')) return dip('#9ccc65');
  if (name.includes('shots')) return shots(rand);
  if (name.includes('cheese block')) return block();
  if (name.includes('loaf')) return loaf(rand);
  if (name.includes('pack')) return spicePack();
  if (name.includes('stuffed')) {
    const filling = name.includes('keema') ? '#7a3a1a' : name.includes('paneer') ? '#e07a2e' : '#f6d33c';
    return breadsticks(rand, true, filling);
  }
  return breadsticks(rand, false, '');
}

function productSvg(product: SeedProduct): string {
  switch (product.productType) {
    case 'PIZZA':
    case 'PIZZA_MANIA':
      return pizzaSvg(product);
    case 'BEVERAGE':
      return drink(product);
    case 'DESSERT':
      return dessert(product);
    case 'CHICKEN':
      return chicken(mulberry32(hash(product.code)), product);
    case 'PASTA':
      return pasta(mulberry32(hash(product.code)), product);
    case 'SIDECOMBOS':
      return combo(product);
    case 'SIDES':
      return sideSvg(product);
    default:
      return placeholderSvg();
  }
}

function placeholderSvg(): string {
  return svg(
    `<circle cx="80" cy="80" r="74" fill="#eeeeee"/>` +
      `<path d="M80 80L36 40a60 60 0 0 1 88 0z" fill="#d6d6d6"/>` +
      `<path d="M80 80L44 47a50 50 0 0 1 72 0z" fill="#c4c4c4"/>` +
      `<circle cx="70" cy="54" r="4" fill="#b0b0b0"/><circle cx="88" cy="50" r="3.5" fill="#b0b0b0"/><circle cx="80" cy="64" r="3" fill="#b0b0b0"/>`,
  );
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  let total = 0;
  let largest = 0;
  const write = (file: string, content: string): void => {
    writeFileSync(resolve(OUT_DIR, file), content);
    const size = Buffer.byteLength(content);
    total += size;
    largest = Math.max(largest, size);
  };
  for (const product of PRODUCTS) write(product.image, productSvg(product));
  write('placeholder.svg', placeholderSvg());
  console.log(
    `menu-img: wrote ${PRODUCTS.length + 1} SVGs to ${OUT_DIR} (${(total / 1024).toFixed(1)} KB, largest ${largest} B)`,
  );
}

main();
