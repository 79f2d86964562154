import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import type { LatLng } from '@crust/domain/geo';
import { fitZoom, MAP_ZOOM, patternOffset, project, unproject, visibleTiles, type Px } from './map.ts';
import { labelSides, type Box, type LabelSide, type MarkerLayout } from './map-labels.ts';
import { ArrowIcon, PinIcon, StoreIcon } from '../../shared/location/icons.tsx';
import { lt } from './texts.ts';
import './location.css';

export interface MapMarker {
  id: string | number;
  position: LatLng;
  /** the marker's accessible name, also shown beside it */
  label: string;
  kind: 'store' | 'you';
  selected?: boolean;
  onSelect?: () => void;
}

/** A place name drawn on the map (decorative: the screen says the address in words). */
export interface MapLabel {
  id: string;
  position: LatLng;
  text: string;
}

export interface MapViewProps {
  centre: LatLng;
  /** called when a drag or a keyboard pan ends; without it the map does not move */
  onMoveEnd?: (centre: LatLng) => void;
  /** slippy tile template ({z}/{x}/{y}); null draws our own street pattern only */
  tileUrl?: string | null;
  markers?: MapMarker[];
  labels?: MapLabel[];
  /** accessible name of the map */
  label: string;
  /** overlays drawn above the map (the centre pin) */
  children?: ReactNode;
  /** zoom out (from 15) until these points are all in view */
  fit?: readonly LatLng[];
  /** show the four arrow buttons (keyboard and switch users) */
  panControls?: boolean;
  className?: string;
}

const PAN_STEP_PX = 64;
const DRAG_THRESHOLD_PX = 3;
const DEFAULT_SIZE = { w: 412, h: 360 };

/**
 * A small map without a map library: Web Mercator at zoom 15, our own street pattern underneath,
 * optional tiles on top, markers, pointer dragging and arrow-key panning.
 */
export function MapView({
  centre,
  onMoveEnd,
  tileUrl,
  markers = [],
  labels = [],
  label,
  children,
  fit,
  panControls,
  className,
}: MapViewProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(DEFAULT_SIZE);
  const [sides, setSides] = useState<readonly LabelSide[]>([]);
  const [drag, setDrag] = useState<Px>({ x: 0, y: 0 });
  const dragStart = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);

  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const measure = () => {
      const w = el.clientWidth || DEFAULT_SIZE.w;
      const h = el.clientHeight || DEFAULT_SIZE.h;
      setSize((s) => (s.w === w && s.h === h ? s : { w, h }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const zoom = fit && fit.length > 0 ? fitZoom(centre, fit, size.w, size.h, { max: MAP_ZOOM }) : MAP_ZOOM;
  const base = useMemo(() => project(centre, zoom), [centre, zoom]);
  const live: Px = { x: base.x - drag.x, y: base.y - drag.y };
  const offset = patternOffset(live, size.w, size.h);
  const tiles = tileUrl ? visibleTiles(tileUrl, live, size.w, size.h, zoom) : [];
  const movable = Boolean(onMoveEnd);

  // the stores' names, placed once they are drawn and can be measured (before the screen is painted); a drag moves
  // every marker alike, so it changes nothing here
  useLayoutEffect(() => {
    const surface = surfaceRef.current;
    if (!surface || markers.length === 0) return;
    const next = labelSides(...measureMarkers(surface, markers));
    setSides((s) => (s.length === next.length && s.every((x, i) => x === next[i]) ? s : next));
  }, [markers, zoom, size]);

  const finishMove = (delta: Px) => {
    setDrag({ x: 0, y: 0 });
    if (!onMoveEnd || (delta.x === 0 && delta.y === 0)) return;
    onMoveEnd(unproject({ x: base.x - delta.x, y: base.y - delta.y }, zoom));
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!movable || e.button !== 0) return;
    if ((e.target as Element).closest('button, a')) return; // let markers be clicked
    dragStart.current = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = dragStart.current;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (!s.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    if (!s.moved) {
      s.moved = true;
      e.currentTarget.setPointerCapture?.(e.pointerId);
    }
    setDrag({ x: dx, y: dy });
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    const s = dragStart.current;
    if (!s || s.id !== e.pointerId) return;
    dragStart.current = null;
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    if (s.moved) finishMove({ x: e.clientX - s.x, y: e.clientY - s.y });
  };

  /** Moves the pin: north means the map's centre moves up (the map itself slides down). */
  const pan = (dx: number, dy: number) => finishMove({ x: -dx, y: -dy });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!movable || e.target !== e.currentTarget) return;
    const step = e.shiftKey ? PAN_STEP_PX * 3 : PAN_STEP_PX;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    pan(m[0], m[1]);
  };

  return (
    <div className={`map ${className ?? ''}`} ref={boxRef}>
      <div
        ref={surfaceRef}
        className={`map-surface${movable ? ' is-movable' : ''}${drag.x !== 0 || drag.y !== 0 ? ' is-dragging' : ''}`}
        role="region"
        aria-label={label}
        aria-roledescription="map"
        tabIndex={movable ? 0 : undefined}
        style={{ backgroundPosition: `${offset.x}px ${offset.y}px` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
      >
        {tiles.map((t) => (
          <img
            key={t.key}
            className="map-tile"
            src={t.url}
            alt=""
            width={256}
            height={256}
            draggable={false}
            loading="lazy"
            decoding="async"
            style={{ left: t.left, top: t.top }}
            onError={(e) => {
              e.currentTarget.style.visibility = 'hidden';
            }}
          />
        ))}
        {labels.map((l) => {
          const p = project(l.position, zoom);
          const left = Math.round(p.x - live.x + size.w / 2);
          const top = Math.round(p.y - live.y + size.h / 2);
          const offView = left < -80 || left > size.w + 80 || top < -20 || top > size.h + 20;
          // the one under the pin would hide behind it
          const underPin = Math.abs(left - size.w / 2) < 70 && Math.abs(top - size.h / 2) < 30;
          if (offView || underPin) return null;
          return (
            <span key={l.id} className="map-label" style={{ left, top }} aria-hidden="true">
              {l.text}
            </span>
          );
        })}
        {markers.map((m, i) => {
          const p = project(m.position, zoom);
          const style = {
            left: Math.round(p.x - live.x + size.w / 2),
            top: Math.round(p.y - live.y + size.h / 2),
          };
          const body = (
            <>
              <span className="map-marker-pin" aria-hidden="true">
                {m.kind === 'store' ? <StoreIcon /> : null}
              </span>
              <span
                className={
                  m.kind === 'store' ? `map-marker-label is-${sides[i] ?? 'above'}` : 'map-marker-label'
                }
              >
                {m.label}
              </span>
            </>
          );
          const cls = `map-marker map-marker-${m.kind}${m.selected ? ' is-selected' : ''}`;
          return m.onSelect ? (
            <button
              key={m.id}
              type="button"
              className={cls}
              style={style}
              onClick={m.onSelect}
              aria-pressed={m.selected ?? false}
              // a name that is not drawn (no room beside the pin) is still the marker's name
              aria-label={m.label}
            >
              {body}
            </button>
          ) : (
            <span key={m.id} className={cls} style={style}>
              {body}
            </span>
          );
        })}
      </div>
      {children}
      {panControls && movable ? (
        <div className="map-pan">
          <button
            type="button"
            className="map-pan-btn up"
            aria-label={lt('moveNorth')}
            onClick={() => pan(0, -PAN_STEP_PX)}
          >
            <ArrowIcon dir="up" />
          </button>
          <button
            type="button"
            className="map-pan-btn left"
            aria-label={lt('moveWest')}
            onClick={() => pan(-PAN_STEP_PX, 0)}
          >
            <ArrowIcon dir="left" />
          </button>
          <button
            type="button"
            className="map-pan-btn right"
            aria-label={lt('moveEast')}
            onClick={() => pan(PAN_STEP_PX, 0)}
          >
            <ArrowIcon dir="right" />
          </button>
          <button
            type="button"
            className="map-pan-btn down"
            aria-label={lt('moveSouth')}
            onClick={() => pan(0, PAN_STEP_PX)}
          >
            <ArrowIcon dir="down" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The fixed pin in the middle of a movable map (its tip marks the point). */
export function CentrePin({ caption }: { caption?: string }) {
  return (
    <div className="map-centre-pin" aria-hidden="true">
      {caption ? <span className="map-centre-caption">{caption}</span> : null}
      <span className="map-centre-icon">
        <PinIcon size={44} />
      </span>
      <span className="map-centre-shadow" />
    </div>
  );
}

/**
 * The drawn markers (in the order of `markers`) as labelSides needs them, and the order their names are placed in:
 * the chosen store's first, then as listed.
 */
function measureMarkers(surface: HTMLElement, markers: readonly MapMarker[]): [MarkerLayout[], number[]] {
  const origin = surface.getBoundingClientRect();
  const boxOf = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height };
  };
  const drawn = [...surface.querySelectorAll<HTMLElement>('.map-marker')];
  const layouts = drawn.map((el, i): MarkerLayout => {
    const label = el.querySelector<HTMLElement>('.map-marker-label');
    return {
      box: boxOf(el),
      label:
        markers[i]?.kind === 'store' && label
          ? { width: label.offsetWidth, height: label.offsetHeight }
          : null,
    };
  });
  const order = markers
    .map((_, i) => i)
    .sort((a, b) => Number(!markers[a]?.selected) - Number(!markers[b]?.selected));
  return [layouts, order];
}
