import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loadPage } from '../../shared/navigation.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { fetchSocialProviders, startSignIn, type SocialProvider } from './social.ts';
import { lg } from './texts.ts';

/** Google's "G" mark, drawn here: no remote images. */
function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.1 5.3-4.6 7l7.1 5.5c4.2-3.9 7.2-9.6 7.2-16.9z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.1-5.5c-2 1.4-4.6 2.2-8.8 2.2-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

/**
 * "Continue with Google" (one button per configured provider). Nothing shows while the list loads or
 * when the server offers none, so the OTP login never waits on it.
 */
export function SocialButtons({ query }: { query: string }) {
  const providers = useQuery({
    queryKey: ['socialProviders'],
    queryFn: ({ signal }) => fetchSocialProviders(signal),
    staleTime: Infinity,
  });
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const list = providers.data ?? [];
  if (!list.length) return null;

  const go = async (p: SocialProvider) => {
    setLeaving(true);
    try {
      loadPage(await startSignIn(p, query, location.origin));
    } catch {
      setLeaving(false);
      setFailure(lg('socialFailed'));
    }
  };

  return (
    <>
      <p className="login-or">{lg('or')}</p>
      {list.map((p) => (
        <button
          key={p.source}
          type="button"
          className="btn btn-block social-btn"
          disabled={leaving}
          onClick={() => void go(p)}
        >
          {p.source === 'google' ? <GoogleMark /> : null}
          {lg('continueWith', { provider: p.label })}
        </button>
      ))}
      <ErrorText text={failure} />
    </>
  );
}
