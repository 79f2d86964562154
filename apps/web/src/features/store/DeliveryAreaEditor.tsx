import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { LatLng } from '@crust/domain/geo';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { TextField } from '../../shared/ui/form/TextField.tsx';
import { AREA_SPANS_KM, AREA_VIEW, fromXy, pxPerKm, scaleKm, spanFor, toXy } from './area-map.ts';
import { bo } from './back-office-texts.ts';

const fixed = (v: number) => v.toFixed(5);
const kmText = (km: number) => (km < 1 ? `${km * 1000} m` : `${km} km`);

/** A coordinate as typed ("12.93", "77,62"), or null when it is not a number in range. */
function coordOf(text: string, limit: number): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d+)?$/.test(t)) return null;
  const v = Number(t);
  return Math.abs(v) <= limit ? Math.round(v * 1e6) / 1e6 : null;
}

/**
 * The delivery area drawn on a map without tiles (docs/decisions/005): the store's pin at the centre, a grid
 * and a scale bar, the radius dashed for reference and the area filled. A click on the map adds a corner after
 * the last one; the corners are listed with their latitude and longitude, each with Remove, and can also be
 * typed in. A refusal about one corner marks it on the map and in the list.
 */
export function DeliveryAreaEditor({
  id,
  store,
  radiusKm,
  points,
  onChange,
  error,
}: {
  /** the editor's id: a refusal focuses it; corner i's row is `${id}.${i}` */
  id: string;
  store: LatLng;
  /** the radius the store has, drawn dashed (null when the radius as typed is not a number) */
  radiusKm: number | null;
  points: readonly LatLng[];
  onChange: (points: LatLng[]) => void;
  error: { message: string; index: number | null } | null;
}) {
  const uid = useId();
  const gridId = `bo-area-grid${uid.replace(/[^\w-]/g, '')}`;
  const [span, setSpan] = useState(() => spanFor(store, radiusKm ?? 0, points));
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);

  const at = (p: LatLng) => toXy(p, store, span);
  const centre = at(store);
  const scale = pxPerKm(span);
  const bar = scaleKm(span);
  const spanAt = AREA_SPANS_KM.indexOf(span as (typeof AREA_SPANS_KM)[number]);
  const drawn = points.map(at);
  const ring = drawn.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');

  const onMapClick = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const xy = {
      x: ((e.clientX - box.left) / box.width) * AREA_VIEW.width,
      y: ((e.clientY - box.top) / box.height) * AREA_VIEW.height,
    };
    onChange([...points, fromXy(xy, store, span)]);
  };

  const addTyped = () => {
    const latitude = coordOf(lat, 90);
    const longitude = coordOf(lng, 180);
    if (latitude === null || longitude === null) {
      setTypedError(bo('areaTypedBad'));
      return;
    }
    setTypedError(null);
    setLat('');
    setLng('');
    onChange([...points, { latitude, longitude }]);
  };
  // Enter in a coordinate adds the corner, instead of saving the whole form
  const enterAdds = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    addTyped();
  };

  return (
    <div id={id} tabIndex={-1} className="bo-area" aria-describedby={error ? `${id}-e` : undefined}>
      <p className="sc-muted bo-hint">{bo('areaHint')}</p>
      <div className="bo-area-tools">
        <button
          type="button"
          className="btn btn-secondary bo-area-zoom"
          aria-label={bo('areaZoomIn')}
          disabled={spanAt <= 0}
          onClick={() => setSpan(AREA_SPANS_KM[spanAt - 1] ?? span)}
        >
          +
        </button>
        <button
          type="button"
          className="btn btn-secondary bo-area-zoom"
          aria-label={bo('areaZoomOut')}
          disabled={spanAt >= AREA_SPANS_KM.length - 1}
          onClick={() => setSpan(AREA_SPANS_KM[spanAt + 1] ?? span)}
        >
          −
        </button>
        <span className="sc-muted bo-area-span">{bo('areaSpan', { km: span })}</span>
        <button
          type="button"
          className="btn btn-secondary bo-area-clear"
          disabled={points.length === 0}
          onClick={() => onChange([])}
        >
          {bo('areaClear')}
        </button>
      </div>
      <svg
        className="bo-area-map"
        viewBox={`0 0 ${AREA_VIEW.width} ${AREA_VIEW.height}`}
        role="img"
        aria-label={bo('areaMap', { count: points.length })}
        data-testid="area-map"
        onClick={onMapClick}
      >
        <defs>
          <pattern
            id={gridId}
            width={bar * scale}
            height={bar * scale}
            x={centre.x}
            y={centre.y}
            patternUnits="userSpaceOnUse"
          >
            <path d={`M${bar * scale} 0H0V${bar * scale}`} className="bo-area-gridline" />
          </pattern>
        </defs>
        <rect width={AREA_VIEW.width} height={AREA_VIEW.height} className="bo-area-ground" />
        <rect width={AREA_VIEW.width} height={AREA_VIEW.height} fill={`url(#${gridId})`} />
        {radiusKm !== null ? (
          <circle
            className="bo-area-radius"
            cx={centre.x}
            cy={centre.y}
            r={radiusKm * scale}
            data-testid="area-radius"
          />
        ) : null}
        {drawn.length >= 3 ? <polygon className="bo-area-shape" points={ring} /> : null}
        {drawn.length === 2 ? <polyline className="bo-area-shape" points={ring} /> : null}
        <g className="bo-area-store" transform={`translate(${centre.x} ${centre.y})`}>
          <path d="M0 0C-5-8-11-13-11-21a11 11 0 1 1 22 0c0 8-6 13-11 21z" />
          <path className="bo-area-store-glyph" d="M-5-19l5-5 5 5v6h-10z" />
        </g>
        {drawn.map((p, i) => (
          <g
            key={i}
            className={`bo-area-point${error?.index === i ? ' is-wrong' : ''}`}
            transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`}
          >
            <circle r="9" />
            <text y="4" textAnchor="middle">
              {i + 1}
            </text>
          </g>
        ))}
        <g
          className="bo-area-scale"
          transform={`translate(16 ${AREA_VIEW.height - 18})`}
          data-testid="area-scale"
        >
          <rect x="-6" y="-20" width={bar * scale + 12} height="30" rx="4" />
          <path d={`M0 -4V4H${bar * scale}V-4`} />
          <text x={(bar * scale) / 2} y="-7" textAnchor="middle">
            {kmText(bar)}
          </text>
        </g>
      </svg>
      <ErrorText id={`${id}-e`} text={error?.index === null ? error.message : null} />
      {points.length > 0 ? (
        <ol className="bo-area-points" aria-label={bo('areaPoints')}>
          {points.map((p, i) => (
            <li key={i} id={`${id}.${i}`} tabIndex={-1} className={error?.index === i ? 'is-wrong' : ''}>
              <span className="bo-area-num">{i + 1}</span>
              <span className="bo-area-coord">
                {fixed(p.latitude)}, {fixed(p.longitude)}
              </span>
              <button
                type="button"
                className="btn btn-secondary bo-area-remove"
                aria-label={bo('areaRemovePoint', { n: i + 1 })}
                onClick={() => onChange(points.filter((_, j) => j !== i))}
              >
                {bo('remove')}
              </button>
              {error?.index === i ? <ErrorText id={`${id}-e`} text={error.message} /> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="sc-muted bo-hint">{bo('areaNoPoints')}</p>
      )}
      <div className="bo-area-typed">
        <TextField
          label={bo('areaLat')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={lat}
          onChange={setLat}
          onKeyDown={enterAdds}
        />
        <TextField
          label={bo('areaLng')}
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={lng}
          onChange={setLng}
          onKeyDown={enterAdds}
        />
        <button type="button" className="btn btn-secondary" onClick={addTyped}>
          {bo('areaAddPoint')}
        </button>
      </div>
      <ErrorText text={typedError} />
    </div>
  );
}
