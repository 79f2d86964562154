import { useSearchParams } from '../../shared/router/index.ts';
import { INFO_PAGES } from '@crust/domain/content';
import { useInfoPage, useWidgetContent } from '../../shared/content/api.ts';
import { ContentScreen } from './ContentScreen.tsx';
import { ct } from './texts.ts';

/**
 * /notification (SPEC §2): the hygiene & safety notice (the info page "notification"); with ?widget=<id>, a
 * web_view widget's own content (SPEC §2 widget actions), fetched through the widget's content link.
 */
export default function NotificationScreen() {
  const [params] = useSearchParams();
  const widgetId = params.get('widget');
  const widget = useWidgetContent(widgetId);
  const notice = useInfoPage(widgetId === null ? INFO_PAGES.notification : null);
  return (
    <ContentScreen query={widgetId === null ? notice : widget} fallbackTitle={ct('notificationTitle')} />
  );
}
