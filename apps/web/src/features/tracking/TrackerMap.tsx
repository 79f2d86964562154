import { useId } from 'react';
import type { Tracker } from '@crust/contract/tracking';
import { useNow } from '../../shared/use-now.ts';
import {
  along,
  fitPoints,
  keepApart,
  placeLabels,
  riderProgress,
  type Frame,
  type LabelSpot,
  type PinShape,
  type Pt,
} from './map-geometry.ts';
import { tk } from './texts.ts';

/** Room above the points for a pin and a label over it, below for a label under the tip. */
const FRAME: Frame = { width: 320, height: 188, pad: { x: 28, top: 62, bottom: 30 } };
/** The pin drawn by PIN_PATH and the labels' CSS (11 px bold). */
const PIN: PinShape = { height: 32, fontSize: 11, charWidth: 6.6, gap: 4 };
/** Closer than this the two pins would overlap: they are drawn this far apart. */
const PIN_GAP = 56;
const LABEL_MAX = 22;
/** the rider creeps along the line between tracker updates */
const RIDER_TICK_MS = 15_000;

const short = (text: string) => (text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text);
/**
 * What a pin says: the store's own name (not "… store", which cut it short) and as many whole parts of an address as
 * fit ("12, 5th Cross Road", not "12, 5th Cross Road, Kora…"); the map's accessible name and the panel say them whole.
 */
function pinText(text: string): string {
  const [first = '', ...rest] = text.split(',').map((part) => part.trim());
  let said = first;
  for (const part of rest) {
    if (`${said}, ${part}`.length > LABEL_MAX) break;
    said = `${said}, ${part}`;
  }
  return short(said);
}

/** A teardrop whose tip is the place. */
const PIN_PATH = 'M0 0C-5-8-11-13-11-21a11 11 0 1 1 22 0c0 8-6 13-11 21z';

function Pin({ at, kind, label, spot }: { at: Pt; kind: 'store' | 'home'; label: string; spot: LabelSpot }) {
  return (
    <g className={`trk-pin trk-pin-${kind}`} data-testid={`map-pin-${kind}`}>
      <g transform={`translate(${at.x.toFixed(1)} ${at.y.toFixed(1)})`}>
        <path d={PIN_PATH} />
        {kind === 'store' ? (
          <path className="trk-pin-glyph" d="M-5-19l5-5 5 5v6h-10z" />
        ) : (
          <circle className="trk-pin-glyph" cx="0" cy="-21" r="4" />
        )}
      </g>
      <text className="trk-pin-label" x={spot.x.toFixed(1)} y={spot.y.toFixed(1)} textAnchor="middle">
        {label}
      </text>
    </g>
  );
}

function Rider({ from, to, tracker }: { from: Pt; to: Pt; tracker: Tracker }) {
  const now = useNow(RIDER_TICK_MS);
  const dispatchedAt = tracker.tracker.steps.find((s) => s.stage === 'DISPATCHED')?.at ?? null;
  const share = riderProgress(
    dispatchedAt ? Date.parse(dispatchedAt) : null,
    tracker.promisedAt ? Date.parse(tracker.promisedAt) : null,
    now,
  );
  const at = along(from, to, share);
  return (
    <g
      className="trk-rider"
      data-testid="map-rider"
      transform={`translate(${at.x.toFixed(1)} ${at.y.toFixed(1)})`}
    >
      <circle className="trk-rider-ring" r="13" />
      <circle className="trk-rider-dot" r="8" />
      <path className="trk-rider-glyph" d="M-4 2h8M-3 2l2-5h3l2 5" />
    </g>
  );
}

/**
 * The store and the delivery point as two pins on a drawn background, a dashed route between them and, while
 * the order is on its way, the rider part-way along. Pickup orders show the store alone.
 */
export function TrackerMap({ tracker }: { tracker: Tracker }) {
  // useId's characters are not all safe inside url(#…)
  const gridId = `trk-grid${useId().replace(/[^\w-]/g, '')}`;
  const { store, destination } = tracker;
  const storeName = tk('storePin', { store: store.name });
  const points = destination ? [store, destination] : [store];
  const fitted = fitPoints(points, FRAME);
  const [storeAt, homeAt] =
    fitted[0] && fitted[1] ? keepApart(fitted[0], fitted[1], PIN_GAP, FRAME) : [fitted[0], undefined];
  const storeLabel = pinText(store.name);
  const homeLabel = destination ? pinText(destination.label) : '';
  const [storeSpot, homeSpot] = placeLabels(
    [
      ...(storeAt ? [{ at: storeAt, label: storeLabel }] : []),
      ...(storeAt && homeAt ? [{ at: homeAt, label: homeLabel }] : []),
    ],
    FRAME,
    PIN,
  );
  const riding = tracker.tracker.stage === 'DISPATCHED' && homeAt !== undefined;
  const label =
    destination && homeAt
      ? tk('mapLabel', { store: storeName, destination: destination.label }) + (riding ? tk('mapRider') : '')
      : tk('mapPickup', { store: storeName });
  return (
    <svg
      className="trk-map card"
      viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
      role="img"
      aria-label={label}
      data-testid="tracker-map"
    >
      <defs>
        <pattern id={gridId} width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0v24" className="trk-map-grid" />
        </pattern>
      </defs>
      <rect className="trk-map-ground" width={FRAME.width} height={FRAME.height} />
      <rect width={FRAME.width} height={FRAME.height} fill={`url(#${gridId})`} />
      {storeAt && homeAt ? (
        <line
          className="trk-route"
          data-testid="map-route"
          x1={storeAt.x}
          y1={storeAt.y}
          x2={homeAt.x}
          y2={homeAt.y}
        />
      ) : null}
      {storeAt && storeSpot ? <Pin at={storeAt} kind="store" label={storeLabel} spot={storeSpot} /> : null}
      {homeAt && homeSpot ? <Pin at={homeAt} kind="home" label={homeLabel} spot={homeSpot} /> : null}
      {riding && storeAt && homeAt ? <Rider from={storeAt} to={homeAt} tracker={tracker} /> : null}
    </svg>
  );
}
