/** Tiny flat illustrations for the category shortcuts (inline SVG: no requests, a few hundred bytes each). */
export type ShortcutSlug =
  | 'veg-pizza'
  | 'non-veg-pizza'
  | 'pizza-mania'
  | 'sides'
  | 'beverages'
  | 'dessert'
  | 'speciality-chicken'
  | 'combos';

const CRUST = '#e3a04f';
const CHEESE = '#ffd166';
const SAUCE = '#e8553e';

function Slice({ topping }: { topping: string }) {
  return (
    <>
      <path
        d="M8 10 Q24 2 40 10 L24 42 Z"
        fill={CHEESE}
        stroke={CRUST}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M8 10 Q24 2 40 10" fill="none" stroke={CRUST} strokeWidth="5" strokeLinecap="round" />
      <circle cx="20" cy="17" r="3.2" fill={topping} />
      <circle cx="29" cy="19" r="3.2" fill={topping} />
      <circle cx="24" cy="28" r="3" fill={topping} />
    </>
  );
}

export function CategoryIcon({ slug }: { slug: ShortcutSlug }) {
  let art;
  switch (slug) {
    case 'veg-pizza':
      art = <Slice topping="#2e9e48" />;
      break;
    case 'non-veg-pizza':
      art = <Slice topping="#a4372a" />;
      break;
    case 'pizza-mania':
      art = (
        <>
          <circle cx="24" cy="24" r="17" fill={CHEESE} stroke={CRUST} strokeWidth="4" />
          <path d="M24 7v34M7 24h34M12 12l24 24M36 12L12 36" stroke={CRUST} strokeWidth="1.5" />
          <circle cx="18" cy="18" r="2.6" fill={SAUCE} />
          <circle cx="30" cy="29" r="2.6" fill={SAUCE} />
          <circle cx="30" cy="17" r="2.2" fill="#2e9e48" />
          <circle cx="17" cy="30" r="2.2" fill="#2e9e48" />
        </>
      );
      break;
    case 'sides':
      art = (
        <>
          <path d="M10 30 Q10 16 24 16 Q38 16 38 30 Z" fill={CRUST} />
          <path d="M14 28 Q14 19 24 19 Q34 19 34 28" fill="none" stroke="#f6d28b" strokeWidth="3" />
          <path d="M8 30h32v5a3 3 0 0 1-3 3H11a3 3 0 0 1-3-3z" fill="#b86b25" />
          <path
            d="M18 22l2 2M25 21l2 2M31 23l1.5 1.5"
            stroke="#5a8f29"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </>
      );
      break;
    case 'beverages':
      art = (
        <>
          <path d="M27 4l-3 10" stroke="#5b5f66" strokeWidth="2.5" strokeLinecap="round" />
          <path d="M13 14h22l-3 28H16z" fill="#3a86c8" />
          <path d="M14 20h20l-.6 6H14.6z" fill="#fff" opacity="0.85" />
          <rect x="11" y="12" width="26" height="4" rx="2" fill="#2b6ea8" />
        </>
      );
      break;
    case 'dessert':
      art = (
        <>
          <path d="M12 26h24l-3 14H15z" fill="#8a4b2a" />
          <path d="M12 26c0-8 5-14 12-14s12 6 12 14z" fill="#5c2f1b" />
          <path d="M17 20c3 3 11 3 14 0" stroke="#a8643c" strokeWidth="2" fill="none" />
          <circle cx="24" cy="10" r="3.5" fill={SAUCE} />
        </>
      );
      break;
    case 'speciality-chicken':
      art = (
        <>
          <path d="M30 6c7 0 12 5 12 12 0 8-8 12-14 10l-9 9-4-4 9-9c-2-6 1-18 6-18z" fill="#c9782e" />
          <path
            d="M15 33l-5 5a3 3 0 1 0 3 3 3 3 0 1 0 3-3l1-1"
            fill="#f1e4cf"
            stroke="#d9c7a8"
            strokeWidth="1.5"
          />
          <path d="M31 12c3 0 6 2 6 6" stroke="#e6a35f" strokeWidth="2.5" strokeLinecap="round" fill="none" />
        </>
      );
      break;
    case 'combos':
      art = (
        <>
          <path d="M6 20l14-8 22 6-14 8z" fill="#f1d3a1" />
          <path d="M6 20l22 6v14L6 34z" fill="#d9a866" />
          <path d="M28 26l14-8v14l-14 8z" fill="#c48d4c" />
          <path d="M13 26l8 2.2" stroke={SAUCE} strokeWidth="2.5" strokeLinecap="round" />
        </>
      );
      break;
  }
  return (
    <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
      {art}
    </svg>
  );
}
