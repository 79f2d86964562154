import { track } from '../../shared/analytics/track.ts';
import { useEffect, useId, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from '../../shared/router/index.ts';
import type { Cart } from '@crust/contract';
import { deliveryTypeLabel } from '@crust/domain/delivery-types';
import { formatRupees, paise } from '@crust/domain/money';
import { needsPaymentNavigation } from '@crust/domain/payment-combinations';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../shared/api/session.ts';
import { useLocationState } from '../../shared/state/location-store.ts';
import { storeNotNowReason } from '../../shared/location/store-not-now.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useAddresses, useSessionLoaded } from '../../shared/account/api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { useCart } from '../../shared/cart/api.ts';
import { useCartActions } from '../../shared/cart/changes.ts';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';
import { usePaymentOptions, useStoreInfo } from './api.ts';
import { guestChoseCash, offerLoginForCash } from './auto-login.ts';
import { CodeEntry } from './CodeEntry.tsx';
import { ContactSection, CurbsideSection } from './ContactSection.tsx';
import { DeliverySection } from './DeliverySection.tsx';
import { readCheckoutDraft, saveCheckoutDraft } from './draft.ts';
import {
  chosenAddress,
  contactDefaults,
  detailsErrors,
  emptyValues,
  resolveContact,
  whenErrors,
  type CheckoutValues,
  type Contact,
  type FieldKey,
  type FormErrors,
} from './form.ts';
import { orderBody } from './order-body.ts';
import { TrainSection } from './TrainSection.tsx';
import {
  cartLimits,
  choosePrimary,
  defaultPrimary,
  defaultWallet,
  paymentErrors,
  paymentPlan,
  toggleWallet,
  walletNotice,
  walletOffer,
} from './payment-choice.ts';
import { PaymentSection } from './PaymentSection.tsx';
import {
  allowedOptions,
  allowedPrimary,
  cardDigitsError,
  cardIssuerFor,
  cartCondition,
} from './promo-payment.ts';
import { slotsFor } from './slots.ts';
import { ck } from './texts.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { focusFirst, focusLater } from './focus.ts';
import { OrderDialogView } from './OrderDialog.tsx';
import type { PaymentErrorState } from '../../shared/payment/pending.ts';
import { PayBar } from './PayBar.tsx';
import { BillSection } from './BillSection.tsx';
import { etaText } from '../../shared/location/eta-texts.ts';
import { WhenSection } from './WhenSection.tsx';
import '../../shared/account/account.css';
import { useLoyaltyInfo } from '../../shared/loyalty/api.ts';
import { readTrip } from '../../shared/train/trip.ts';
import { useRemoteConfig } from '../../shared/location/api.ts';
import { useCapability } from '../../shared/app-config/capabilities.ts';
import { useNow } from '../../shared/use-now.ts';
import { miniApp, partnerConfig } from '../../shared/partner/mode.ts';
import { isPaymentType } from '@crust/domain/payment-types';
import { PartnerPaySection } from './PartnerPaySection.tsx';
import { ADVANCE_ORDER_RESET_SECONDS, AUTO_LOGIN_PERCENT } from '@crust/domain/app-config';
import { shownWithWallet } from '@crust/domain/experiment-views';
import './checkout.css';

const NO_METHODS: readonly string[] = [];
const hasItems = (cart: Cart | null | undefined): cart is Cart => !!cart && cart.validItems.length > 0;

/**
 * /payment (SPEC §2, §4 Checkout and payment): where the order goes, who it is for, when, and how it is
 * paid; then the confirm call and its next action. The cart is the server's: its price is shown as sent.
 */
export default function CheckoutScreen() {
  const cart = useCart({ fresh: true });
  const loaded = useSessionLoaded();
  // once checking out, a cart the server empties (the order placed, a code awaited) does not end the screen
  const [shown, setShown] = useState<Cart | null>(null);
  const data = cart.data;
  if (hasItems(data) && data !== shown) setShown(data);
  const current = hasItems(data) ? data : shown;

  if (loaded && current) return <Checkout key={current.cartId} cart={current} />;
  if (loaded && !cart.isPending && !cart.isError) return <Navigate to={paths.cart()} replace />;
  return (
    <div className="ck-screen">
      <ScreenHeader title={ck('title')} backTo={paths.cart()} />
      <main className="ck-main">
        {cart.isError && loaded ? (
          <LoadFailed message={ck('loadFailed')} onRetry={() => void cart.refetch()} />
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

function initialValues(cart: Cart, loggedIn: boolean): CheckoutValues {
  const v = readCheckoutDraft(cart.cartId) ?? {
    ...emptyValues(),
    when: cart.orderDateTimeInSec ? 'LATER' : 'NOW',
    slotMs: cart.orderDateTimeInSec ? cart.orderDateTimeInSec * 1000 : null,
  };
  // back from /paymentType with "Continue as guest": cash is still the choice
  return !loggedIn && guestChoseCash() ? { ...v, primary: 'CASH', wallet: false } : v;
}

function paymentErrorOf(state: unknown): string | null {
  const error = (state as Partial<PaymentErrorState> | null)?.paymentError;
  return typeof error === 'string' ? error : null;
}

function Checkout({ cart }: { cart: Cart }) {
  const fid = useId();
  const fieldId = (f: FieldKey) => `${fid}-${f}`;
  const navigate = useNavigate();
  const session = useSession();
  const customer = session?.isLoggedIn ? session : null;
  const loggedIn = customer !== null;
  const type = cart.deliveryType;
  const delivery = type === 'D';
  const { point } = useLocationState();
  const list = useAddresses(loggedIn, delivery);
  // SPEC §5: a customer not in Pizza Pals joins with their order, with the card code the programme gave them
  const loyalty = useLoyaltyInfo(loggedIn);
  // a train order goes to the seat and station chosen on /irctcStation (issue 16)
  const [trip] = useState(readTrip);
  const storeInfo = useStoreInfo(cart.storeId, cart.deliveryType);
  // inside a partner's mini-app (issue 18): its host pays, by the method its vendorConfig names (SPEC §5, §6)
  const mini = miniApp();
  const options = usePaymentOptions(cart.storeId, type, cart.cartId, mini?.vendor);
  const config = useRemoteConfig().data;
  const partner = partnerConfig(config, mini);
  const partnerPrimary = partner && isPaymentType(partner.primaryPaymentId) ? partner.primaryPaymentId : null;
  // SPEC §9 advance-order reset: the slots on offer are worked out afresh every minute, so one that has gone by
  // while the customer was deciding leaves the list (and the choice, below) instead of being refused at the end
  const nowMs = useNow((config?.advanceOrderResetSeconds ?? ADVANCE_ORDER_RESET_SECONDS) * 1000);
  const advanceOn = useCapability('advanceOrder');

  const [v, setV] = useState<CheckoutValues>(() => initialValues(cart, loggedIn));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  // a payment that failed at the gateway comes back here with the SPEC text (PaymentErrorState)
  const location = useLocation();
  const [topError, setTopError] = useState<string | null>(() => paymentErrorOf(location.state));
  // the server's word that the store takes no order for now (it went offline or closed meanwhile)
  const [notNowAnswer, setNotNowAnswer] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => saveCheckoutDraft(cart.cartId, v), [cart.cartId, v]);

  const order = usePlaceOrder({
    onOnlyLater: (reason) => {
      setNotNowAnswer(reason);
      setV((old) => ({ ...old, when: 'LATER' }));
      focusLater(fieldId('slot'));
    },
    onInvalid: (fields, top) => {
      setServerErrors(fields);
      setTopError(top);
      focusFirst(fields, fieldId);
    },
  });

  const info = storeInfo.data?.kind === 'ok' ? storeInfo.data : null;
  // offline, or outside its hours: advance slots only, the first after it opens (issue 11)
  const notNow = notNowAnswer ?? storeNotNowReason(storeInfo.data, nowMs);
  const slots = useMemo(() => slotsFor(info?.store ?? null, nowMs), [info, nowMs]);
  const when = notNow ? 'LATER' : advanceOn ? v.when : 'NOW';
  const slotMs = when === 'LATER' && v.slotMs !== null && slots.includes(v.slotMs) ? v.slotMs : null;

  const address = delivery ? chosenAddress(list.addresses, v, point) : undefined;
  const contact = resolveContact(v, contactDefaults(type, address, customer));
  // the ETA to the address chosen here, which may be far from the point chosen on the landing (issue 31 item 6);
  // the landing point's answer speaks until this one comes
  const toAddress = useStoreInfo(cart.storeId, cart.deliveryType, address);
  const limits = cartLimits(cart);
  // a coupon that chooses how it is paid: only its ways are offered, never the wallet
  const condition = cartCondition(cart);
  const shownOptions = options.data ? allowedOptions(options.data, condition) : undefined;
  const hiddenWithWallet = config?.hidePaymentMethodsForWallet ?? NO_METHODS;
  // SPEC §5: the Crust wallet is not usable in a mini-app (the server says so too)
  const walletBalance = mini ? null : walletOffer(shownOptions);
  const chosen = v.primary !== undefined ? v.primary : defaultPrimary(shownOptions);
  const primary = mini ? partnerPrimary : shownOptions ? allowedPrimary(shownOptions, chosen) : chosen;
  const cardDigits = v.cardDigits ?? '';
  const walletOn = v.wallet ?? defaultWallet(shownOptions, primary, limits);
  const plan = paymentPlan({
    pricePaise: paise(cart.price),
    walletBalance,
    wallet: walletOn && walletBalance !== null,
    primary,
    upiMode: v.upiMode,
    voucherCode: v.voucherCode,
    cardDigits,
  });
  const digitsError = cardDigitsError(condition, plan.details.primaryPaymentId, cardDigits);
  const [removingCoupon, setRemovingCoupon] = useState(false);
  const cartActions = useCartActions();
  const removeCoupon = async (code: string) => {
    setRemovingCoupon(true);
    try {
      const next = await cartActions.removePromo(code);
      setNotice(ck('couponRemoved', { code, amount: formatRupees(paise(next.price)) }));
    } catch (e) {
      setNotice(messageOf(e, ck('orderNotConfirmed')));
    } finally {
      setRemovingCoupon(false);
    }
  };

  const stations = info?.store.storeStationDetails ?? null;
  const details = detailsErrors(
    type,
    contact,
    address,
    v,
    stations?.map((b) => b.stationId),
  );
  const checked = (): FormErrors => ({
    ...details.fields,
    ...whenErrors(when, slotMs),
    ...(options.data || partnerPrimary
      ? paymentErrors(plan, v.voucherCode)
      : { payment: ck('choosePayment') }),
    ...(digitsError ? { cardDigits: digitsError } : {}),
  });
  const errors: FormErrors = { ...(submitted ? checked() : {}), ...serverErrors };

  /** A change to the form: what the server said about those fields no longer holds. */
  const change = (patch: Partial<CheckoutValues>, fields: FieldKey[]) => {
    setV((old) => ({ ...old, ...patch }));
    if (fields.some((f) => serverErrors[f]))
      setServerErrors((old) => {
        const rest = { ...old };
        for (const f of fields) delete rest[f];
        return rest;
      });
  };

  const pay = async (duplicateConfirmed = false) => {
    if (order.busy()) return;
    setSubmitted(true);
    const found = checked();
    if (details.top || Object.keys(found).length) {
      // SPEC §5: a guest with no payment method chosen is taken to the choice
      const toPayment =
        found.payment &&
        needsPaymentNavigation({ loggedIn, primaryPaymentId: primary, miniApp: mini !== null });
      focusFirst(toPayment ? { payment: found.payment } : found, fieldId);
      return;
    }
    if (
      offerLoginForCash({
        loggedIn,
        primary: plan.details.primaryPaymentId,
        percent: config?.autoLoginPercent ?? AUTO_LOGIN_PERCENT,
      })
    ) {
      void navigate(paths.paymentType());
      return;
    }
    setTopError(null);
    setServerErrors({});
    const body = orderBody({
      cart,
      loggedIn,
      address,
      contact,
      values: v,
      slotMs,
      payment: plan.details,
      duplicateConfirmed,
      enrolWith: loyalty.data && !loyalty.data.enrollmentStatus ? loyalty.data.loyaltyCardCode : null,
      trip: type === 'IRCTC' ? trip : null,
    });
    await order.place(body, plan.details.primaryPaymentId === 'UPI_WALLET' ? v.upiMode : undefined);
  };

  const store = info?.store.name ?? null;
  const typeLabel = deliveryTypeLabel(type);
  // an order for a slot comes at its slot, not in the minutes an order now would take
  const eta =
    when === 'NOW' ? etaText(type, (toAddress.data?.kind === 'ok' ? toAddress.data : info)?.eta) : null;
  return (
    <div className="ck-screen">
      <ScreenHeader title={ck('title')} backTo={paths.cart()} />
      <main className="ck-main">
        <p className="ck-type" data-testid="order-type">
          {store ? ck('orderType', { type: typeLabel, store }) : ck('orderTypeOnly', { type: typeLabel })}
        </p>
        {eta ? (
          <p className="ck-eta" data-testid="eta">
            {eta}
          </p>
        ) : null}
        {order.codeStep ? (
          <CodeEntry
            result={order.codeStep.result}
            code={order.codeStep.code}
            onConfirmed={(result) => order.proceed(result, plan.details.primaryPaymentId, undefined)}
          />
        ) : (
          <>
            <ErrorText text={details.top ?? topError} />
            {delivery ? (
              <DeliverySection
                fieldId={fieldId}
                addresses={list.addresses}
                loading={list.loading}
                loggedIn={loggedIn}
                chosen={address}
                error={errors.address}
                instructions={v.instructions}
                zeroContact={v.zeroContact}
                onChoose={(addressId) => change({ addressId }, ['address'])}
                onAddNew={() => setV((old) => ({ ...old, addressId: null, preferNewest: true }))}
                onInstructions={(instructions) => change({ instructions }, ['instructions'])}
                onZeroContact={(zeroContact) => change({ zeroContact }, [])}
              />
            ) : null}
            {type === 'IRCTC' ? <TrainSection trip={trip} /> : null}
            <ContactSection
              fieldId={fieldId}
              contact={contact}
              errors={errors}
              emailRequired={type === 'T' || type === 'P' || type === 'DINEIN'}
              onChange={(f: keyof Contact, value) => change({ [f]: value }, [f])}
            />
            {type === 'CURB' ? (
              <CurbsideSection
                fieldId={fieldId}
                vehicle={v}
                stations={stations}
                errors={errors}
                onChange={(patch) => change(patch, Object.keys(patch) as FieldKey[])}
              />
            ) : null}
            {type === 'IRCTC' ? null : (
              <WhenSection
                fieldId={fieldId}
                when={when}
                notNow={notNow}
                laterOffered={advanceOn || notNow !== null}
                slots={slots}
                slotMs={slotMs}
                nowMs={nowMs}
                error={errors.slot}
                onWhen={(w) => change({ when: w }, ['slot'])}
                onSlot={(s) => change({ slotMs: s }, ['slot'])}
              />
            )}
            {mini ? (
              <PartnerPaySection
                fieldId={fieldId}
                partnerName={partner?.partnerName ?? null}
                error={errors.payment}
              />
            ) : shownOptions ? (
              <PaymentSection
                fieldId={fieldId}
                data={shownOptions}
                primary={primary}
                upiMode={v.upiMode}
                voucherCode={v.voucherCode}
                walletBalance={walletBalance}
                wallet={plan.split !== null}
                hiddenWithWallet={hiddenWithWallet}
                plan={plan}
                notice={notice}
                errors={errors}
                deliveryType={type}
                condition={condition}
                removingCoupon={removingCoupon}
                onRemoveCoupon={() => condition && void removeCoupon(condition.promoCode)}
                cardIssuer={cardIssuerFor(condition, primary)}
                cardDigits={cardDigits}
                onCardDigits={(digits) => change({ cardDigits: digits }, ['cardDigits'])}
                onPrimary={(p) => {
                  const next = choosePrimary({ primary, wallet: plan.split !== null }, p, limits);
                  track('payment_method_chosen', { method: p });
                  setNotice(next.notice);
                  change({ primary: next.primary }, ['payment', 'voucher']);
                }}
                onUpiMode={(upiMode) => change({ upiMode }, [])}
                onVoucher={(voucherCode) => change({ voucherCode }, ['voucher'])}
                onWallet={(on) => {
                  const next = toggleWallet({ primary }, on, limits);
                  setNotice(walletNotice(next, paise(cart.price), walletBalance));
                  // a method the remote config hides beside the wallet is no longer the choice
                  const kept =
                    next.primary && shownWithWallet(next.primary, hiddenWithWallet, next.wallet)
                      ? next.primary
                      : null;
                  change({ wallet: next.wallet, primary: kept }, ['payment']);
                }}
              />
            ) : options.isError ? (
              <LoadFailed message={ck('optionsFailed')} onRetry={() => void options.refetch()} />
            ) : (
              <Spinner />
            )}
            <BillSection cart={cart} />
          </>
        )}
      </main>
      {order.codeStep ? null : (
        <PayBar
          cart={cart}
          payPaise={plan.payPaise}
          walletOnly={plan.split?.walletOnly === true}
          cash={plan.details.primaryPaymentId === 'CASH'}
          sending={order.sending}
          onPay={() => void pay()}
        />
      )}
      {order.dialog ? (
        <OrderDialogView
          dialog={order.dialog}
          onClose={order.closeDialog}
          onContinue={() => {
            order.closeDialog();
            void pay(true);
          }}
          onReviewCart={() => void navigate(paths.cart())}
          onRemovePromo={(code) => {
            order.closeDialog();
            void removeCoupon(code);
          }}
          onChangeMethod={() => {
            order.closeDialog();
            // a way the coupon does not take is no longer chosen; a bank offer's card digits are asked again
            if (digitsError) focusLater(fieldId('cardDigits'));
            else {
              change({ primary: null, wallet: false }, ['payment']);
              focusLater(fieldId('payment'));
            }
          }}
        />
      ) : null}
    </div>
  );
}
