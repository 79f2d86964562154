import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Alerts,
  InfoIndex,
  InfoPage,
  StaticWidget,
  WidgetContent,
  WidgetList,
} from '@crust/contract/content';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { CONFIG_REFRESH_SECONDS } from '@crust/domain/constants';
import type { WidgetPlacement } from '@crust/domain/content';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { api } from '../api/client.ts';
import type { Success } from '../api/envelope.ts';
import { useRemoteConfig } from '../location/api.ts';

export const contentKeys = {
  all: ['content'] as const,
  widgets: (placement: WidgetPlacement, deliveryType: DeliveryType) =>
    ['content', 'widgets', placement, deliveryType] as const,
  widget: (href: string) => ['content', 'widget', href] as const,
  alerts: (deliveryType: DeliveryType) => ['content', 'alerts', deliveryType] as const,
  staticWidget: (deliveryType: DeliveryType) => ['content', 'static', deliveryType] as const,
  infoIndex: ['content', 'info'] as const,
  infoPage: (slug: string) => ['content', 'info', slug] as const,
};

/**
 * Content follows the remote config's refresh interval (configRefreshSeconds, 180 s): a widget an admin
 * publishes, edits or retires reaches an open screen by then, without a reload. The server answers with an
 * ETag, so a refresh that finds nothing new costs a 304.
 */
export function useContentRefresh(): { refetchInterval: number; staleTime: number } {
  const seconds = useRemoteConfig().data?.configRefreshSeconds ?? CONFIG_REFRESH_SECONDS;
  return { refetchInterval: seconds * 1000, staleTime: seconds * 1000 };
}

const data = async <T>(path: string, query: Record<string, string>, signal: AbortSignal) =>
  (await api<Success<T>>(path, { query, signal })).data;

/** SPEC §7 widget list of a placement: the live widgets for the delivery type, in order. */
export function useWidgets(placement: WidgetPlacement, deliveryType: DeliveryType) {
  const refresh = useContentRefresh();
  return useQuery({
    queryKey: contentKeys.widgets(placement, deliveryType),
    queryFn: ({ signal }) => data<WidgetList>(API_PATHS.widgets, { placement, deliveryType }, signal),
    ...refresh,
  });
}

/** A widget's content, fetched through its list entry's links[0].href (or the widget path by id). */
export function useWidgetContent(widgetId: string | null) {
  const refresh = useContentRefresh();
  const href = widgetId === null ? null : fillPath(API_PATHS.widget, { widgetId });
  return useQuery({
    queryKey: contentKeys.widget(href ?? ''),
    queryFn: ({ signal }) => data<WidgetContent>(href ?? '', {}, signal),
    enabled: href !== null,
    retry: false,
    ...refresh,
  });
}

/** SPEC §7 GET alerts. */
export function useAlerts(deliveryType: DeliveryType) {
  const refresh = useContentRefresh();
  return useQuery({
    queryKey: contentKeys.alerts(deliveryType),
    queryFn: ({ signal }) => data<Alerts>(API_PATHS.alerts, { deliveryType }, signal),
    // another order type's alerts stay while its own load: the landing's layout never waits twice
    placeholderData: keepPreviousData,
    ...refresh,
  });
}

/** SPEC §7 CMS static cart widget (lang, platform, page, deliveryType, site). */
export function useCartWidget(deliveryType: DeliveryType) {
  const refresh = useContentRefresh();
  return useQuery({
    queryKey: contentKeys.staticWidget(deliveryType),
    queryFn: ({ signal }) =>
      data<StaticWidget>(
        API_PATHS.staticWidget,
        { lang: 'en', platform: 'PWA', page: 'cart', deliveryType, site: 'crust' },
        signal,
      ),
    ...refresh,
  });
}

export function useInfoIndex(enabled = true) {
  const refresh = useContentRefresh();
  return useQuery({
    queryKey: contentKeys.infoIndex,
    queryFn: ({ signal }) => data<InfoIndex>(API_PATHS.infoPages, {}, signal),
    enabled,
    ...refresh,
  });
}

export function useInfoPage(slug: string | null) {
  const refresh = useContentRefresh();
  return useQuery({
    queryKey: contentKeys.infoPage(slug ?? ''),
    queryFn: ({ signal }) => data<InfoPage>(fillPath(API_PATHS.infoPage, { slug: slug ?? '' }), {}, signal),
    enabled: slug !== null,
    retry: false,
    ...refresh,
  });
}
