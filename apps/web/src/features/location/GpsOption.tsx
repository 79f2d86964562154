import { GpsIcon } from '../../shared/location/icons.tsx';
import { OptionButton } from './parts.tsx';
import { lt } from './texts.ts';
import { gpsStatusText, type useCurrentLocation } from '../../shared/location/useCurrentLocation.tsx';

/** The "Use current location" row: shows where the GPS flow is, and runs it (SPEC §4 Location). */
export function GpsOption({ gps }: { gps: ReturnType<typeof useCurrentLocation> }) {
  return (
    <OptionButton
      icon={<GpsIcon />}
      title={lt('useCurrentLocation')}
      hint={gpsStatusText(gps.phase) ?? lt('useCurrentLocationHint')}
      onClick={() => void gps.locate()}
      disabled={gps.busy}
      busy={gps.busy}
    />
  );
}
