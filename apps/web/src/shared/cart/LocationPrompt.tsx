import { useState } from 'react';
import { useNavigate } from '../../shared/router/index.ts';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { getLocationState, setDeliveryType } from '../state/location-store.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { OrderTypePicker } from '../location/OrderTypePicker.tsx';
import { locationSelectionPath } from '../location/paths.ts';
import { closeLocationPrompt } from './location-prompt.ts';
import { cartT } from './texts.ts';

/**
 * Before a first add with no store chosen (./location-first.ts): the order type, then the location flow
 * (/locationSelection: GPS, search, city and locality, or a restaurant), whose store selection makes the add.
 */
export default function LocationPrompt() {
  const navigate = useNavigate();
  const [type, setType] = useState<DeliveryType>(() => getLocationState().deliveryType);
  return (
    <Dialog
      title={cartT('locationFirstTitle')}
      actionLabel={cartT('chooseLocation')}
      onAction={() => {
        setDeliveryType(type);
        closeLocationPrompt(true);
        void navigate(locationSelectionPath(type));
      }}
      secondaryLabel={cartT('cancel')}
      onSecondary={() => closeLocationPrompt(false)}
      onDismiss={() => closeLocationPrompt(false)}
    >
      <p>{cartT('locationFirstBody')}</p>
      <OrderTypePicker value={type} onChange={setType} />
    </Dialog>
  );
}
