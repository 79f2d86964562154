/** Small inline icons of the location screens (decorative: the controls carry the names). */
const base = {
  viewBox: '0 0 24 24',
  width: 24,
  height: 24,
  'aria-hidden': true,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function PinIcon({ size = 24 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 1 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

export function GpsIcon() {
  return (
    <svg {...base}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
      <circle cx="12" cy="12" r="8" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg {...base}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

export function CityIcon() {
  return (
    <svg {...base}>
      <path d="M3 21h18M5 21V8l6-3v16M11 21V10l8 3v8M8 10v.01M8 13v.01M8 16v.01M15 15v.01M15 18v.01" />
    </svg>
  );
}

export function StoreIcon() {
  return (
    <svg {...base}>
      <path d="M4 10v10h16V10M3 10l2-6h14l2 6zM9 20v-5h6v5" />
    </svg>
  );
}

export function ClockIcon() {
  return (
    <svg {...base} width={16} height={16}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

export function HistoryIcon() {
  return (
    <svg {...base}>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5M12 7v5l3 2" />
    </svg>
  );
}

export function ChevronIcon() {
  return (
    <svg {...base} width={20} height={20}>
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

export function ArrowIcon({ dir }: { dir: 'up' | 'down' | 'left' | 'right' }) {
  const rot = { up: 0, right: 90, down: 180, left: 270 }[dir];
  return (
    <svg {...base} width={20} height={20} style={{ transform: `rotate(${rot}deg)` }}>
      <path d="M12 19V5M6 11l6-6 6 6" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...base} width={20} height={20}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
