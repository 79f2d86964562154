import { MESSAGES } from '@crust/domain/messages';
import { Link } from '../router/index.ts';
import { t } from '../i18n/index.ts';
import { paths } from '../../config/paths.ts';

export default function NotFoundScreen() {
  return (
    <main className="not-found">
      <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true">
        <circle cx="60" cy="60" r="54" fill="#f4c27a" />
        <circle cx="60" cy="60" r="46" fill="#e8553e" />
        <path d="M60 60 L114 60 A54 54 0 0 0 87 13 Z" fill="#fff" />
        <circle cx="40" cy="48" r="6" fill="#7a2e1e" />
        <circle cx="52" cy="82" r="5" fill="#7a2e1e" />
        <circle cx="78" cy="76" r="6" fill="#7a2e1e" />
      </svg>
      <h1>{MESSAGES.notFoundTitle}</h1>
      <p>{MESSAGES.notFoundBody}</p>
      <Link className="btn btn-primary" to={paths.home()}>
        {t('goHome')}
      </Link>
    </main>
  );
}
