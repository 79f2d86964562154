import type { GeocodedAddress, Prediction } from '@crust/contract/geo';
import { AUTOCOMPLETE_MAX_RESULTS } from '@crust/domain/constants';
import { distanceKm, isInIndia, type LatLng } from '@crust/domain/geo';
import { isBlockedLocality, localityRank, normaliseSearchText } from '@crust/domain/localities';

export interface GazetteerCity {
  id: string;
  name: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface GazetteerLocality {
  placeId: string;
  name: string;
  subLocality: string;
  cityId: string;
  cityName: string;
  state: string;
  district: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

export interface GazetteerData {
  cities: GazetteerCity[];
  localities: GazetteerLocality[];
}

/** A reverse-geocoded point farther than this from every known locality is "not found". */
const REVERSE_MAX_KM = 25;

/**
 * The geo provider's sandbox: geocoding and autocomplete from the seeded gazetteer of Indian
 * localities (ARCHITECTURE.md Providers). India only; localities named pokhra never come out (SPEC §5).
 */
export class Gazetteer {
  private data: { at: number; value: GazetteerData } | undefined;
  constructor(
    private readonly load: () => Promise<GazetteerData>,
    private readonly ttlMs = 5 * 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  private async get(): Promise<GazetteerData> {
    const now = this.clock();
    if (this.data && now - this.data.at < this.ttlMs) return this.data.value;
    const value = await this.load();
    this.data = {
      at: now,
      value: { ...value, localities: value.localities.filter((l) => !isBlockedLocality(l.name)) },
    };
    return this.data.value;
  }

  async cities(): Promise<GazetteerCity[]> {
    return (await this.get()).cities;
  }

  /** By id ('bengaluru') or by name, case and spacing ignored ('New Delhi' is not 'Delhi'). */
  async findCity(idOrName: string): Promise<GazetteerCity | undefined> {
    const key = normaliseSearchText(idOrName);
    return (await this.get()).cities.find((c) => c.id === idOrName || normaliseSearchText(c.name) === key);
  }

  async localitiesOf(cityId: string): Promise<GazetteerLocality[]> {
    return (await this.get()).localities.filter((l) => l.cityId === cityId);
  }

  /** Ranked by match quality, then by distance from `near` when given, then by name. */
  async autocomplete(input: string, near?: LatLng): Promise<Prediction[]> {
    const { localities } = await this.get();
    const scored: { l: GazetteerLocality; rank: number; km: number }[] = [];
    for (const l of localities) {
      const rank = localityRank({ name: l.name, city: l.cityName, postalCode: l.postalCode }, input);
      if (rank === null) continue;
      scored.push({ l, rank, km: near ? distanceKm(near, l) : 0 });
    }
    scored.sort((a, b) => a.rank - b.rank || a.km - b.km || a.l.name.localeCompare(b.l.name));
    return scored.slice(0, AUTOCOMPLETE_MAX_RESULTS).map(({ l }) => ({
      placeId: l.placeId,
      description: `${l.name}, ${l.cityName}, ${l.state}, India`,
      mainText: l.name,
      secondaryText: `${l.cityName}, ${l.state}`,
      latitude: l.latitude,
      longitude: l.longitude,
      postalCode: l.postalCode,
      city: l.cityName,
    }));
  }

  async byPlaceId(placeId: string): Promise<GeocodedAddress | undefined> {
    const l = (await this.get()).localities.find((x) => x.placeId === placeId);
    return l ? addressOf(l, l) : undefined;
  }

  /** Free text: the best autocomplete match. */
  async geocode(address: string): Promise<GeocodedAddress | undefined> {
    const [best] = await this.autocomplete(address);
    return best ? this.byPlaceId(best.placeId) : undefined;
  }

  /** The locality nearest the point, with the point's own coordinates. */
  async reverse(point: LatLng): Promise<GeocodedAddress | undefined> {
    if (!isInIndia(point)) return undefined;
    let best: { l: GazetteerLocality; km: number } | undefined;
    for (const l of (await this.get()).localities) {
      const km = distanceKm(point, l);
      if (!best || km < best.km) best = { l, km };
    }
    if (!best || best.km > REVERSE_MAX_KM) return undefined;
    return addressOf(best.l, point);
  }
}

function addressOf(l: GazetteerLocality, at: LatLng): GeocodedAddress {
  const parts = [l.subLocality, l.name, l.cityName, `${l.state} ${l.postalCode}`, 'India'].filter(Boolean);
  return {
    placeId: l.placeId,
    latitude: at.latitude,
    longitude: at.longitude,
    locality: l.name,
    sub_locality: l.subLocality,
    city: l.cityName,
    city_region: l.district,
    area_level0: 'India',
    area_level1: l.state,
    area_level2: l.district,
    formatted_address: parts.join(', '),
    postal_code: l.postalCode,
    country: 'IN',
  };
}
