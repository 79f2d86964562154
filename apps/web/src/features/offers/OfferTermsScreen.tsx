import { MESSAGES } from '@crust/domain/messages';
import { Link, useSearchParams } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';
import { useOfferTerms } from './api.ts';
import { ot } from './texts.ts';
import '../../shared/menu/menu.css';
import './offers.css';

/** SPEC §2 /tncOffers?code=…: one coupon's terms and conditions. */
export default function OfferTermsScreen() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const terms = useOfferTerms(code);
  const refused = terms.error instanceof ApiError && terms.error.status === 200 ? terms.error.message : null;
  return (
    <div className="offers-screen">
      <ScreenHeader title={terms.data?.title ?? ot('termsTitle')} />
      <main className="offers-main">
        {!code ? (
          <Gone text={MESSAGES.brokenLink} />
        ) : terms.isPending ? (
          <Spinner />
        ) : refused ? (
          <Gone text={refused} />
        ) : !terms.data ? (
          <LoadFailed message={ot('termsLoadFailed')} onRetry={() => void terms.refetch()} />
        ) : (
          <article className="offer card">
            <p className="offer-code">
              <span className="visually-hidden">{ot('code')} </span>
              {terms.data.code}
            </p>
            <p className="offer-desc">{terms.data.description}</p>
            <h2 className="offer-title">{ot('termsTitle')}</h2>
            <ol className="offer-terms-list">
              {terms.data.terms.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ol>
          </article>
        )}
      </main>
    </div>
  );
}

function Gone({ text }: { text: string }) {
  return (
    <div className="menu-empty">
      <p>{text}</p>
      <Link className="btn btn-secondary" to={paths.offers()}>
        {ot('backToOffers')}
      </Link>
    </div>
  );
}
