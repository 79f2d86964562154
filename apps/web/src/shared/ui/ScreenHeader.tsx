import { useNavigate } from '../router/index.ts';
import { paths } from '../../config/paths.ts';
import { t } from '../i18n/index.ts';

/** A screen's top bar: a back button and the screen's title (the page's h1). */
export function ScreenHeader({ title, backTo }: { title: string; backTo?: string }) {
  const navigate = useNavigate();
  return (
    <header className="screen-header">
      <button
        type="button"
        className="icon-btn"
        aria-label={t('back')}
        onClick={() => {
          if (backTo) void navigate(backTo);
          else if (window.history.length > 1) void navigate(-1);
          else void navigate(paths.home());
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            d="M15 5l-7 7 7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <h1 className="screen-title">{title}</h1>
    </header>
  );
}
